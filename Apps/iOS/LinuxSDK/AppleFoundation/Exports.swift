// Foundation's Apple-only parts. Apple's Foundation has URLSession and the Core Foundation types
// in itself; Linux's keeps URLSession in FoundationNetworking: both are re-exported here, and
// scripts/typecheck-ios imports this module into every file (`-import-module`), as Foundation is.
@_exported import CoreFoundation
@_exported import Foundation
@_exported import FoundationNetworking
