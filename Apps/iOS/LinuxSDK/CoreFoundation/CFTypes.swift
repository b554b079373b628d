import Foundation

// Core Foundation, as far as the app uses it. It stands in for Linux's own CoreFoundation, which
// has neither toll-free bridging nor Darwin notifications as Apple's does: the bridged types are
// the Foundation classes they bridge to, so `"name" as CFString` and `[...] as CFDictionary`
// type-check as on Apple platforms (a little looser: NSString's methods are visible on them).

/// A string (toll-free bridged to `NSString`).
public typealias CFString = NSString
/// A dictionary (toll-free bridged to `NSDictionary`).
public typealias CFDictionary = NSDictionary
/// A URL (toll-free bridged to `NSURL`).
public typealias CFURL = NSURL
/// Bytes (toll-free bridged to `NSData`).
public typealias CFData = NSData
/// Mutable bytes (toll-free bridged to `NSMutableData`).
public typealias CFMutableData = NSMutableData
/// Any Core Foundation object.
public typealias CFTypeRef = AnyObject
