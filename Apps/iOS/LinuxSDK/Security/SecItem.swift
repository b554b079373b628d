import Foundation

// Security, as far as ShareKit's Keychain store uses it: the SecItem calls and the keys and
// values of their query dictionaries (`CFString`s, imported as global constants).

/// A result code.
public typealias OSStatus = Int32

/// No error.
public var errSecSuccess: OSStatus { 0 }
/// The item was not found.
public var errSecItemNotFound: OSStatus { -25300 }

/// Finds items matching `query`.
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { fatalError() }
/// Adds an item.
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { fatalError() }
/// Updates the items matching `query`.
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus { fatalError() }
/// Deletes the items matching `query`.
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { fatalError() }

/// The item's class.
public var kSecClass: CFString { fatalError() }
/// A generic password.
public var kSecClassGenericPassword: CFString { fatalError() }
/// The service.
public var kSecAttrService: CFString { fatalError() }
/// The account.
public var kSecAttrAccount: CFString { fatalError() }
/// The access group.
public var kSecAttrAccessGroup: CFString { fatalError() }
/// When the item is readable.
public var kSecAttrAccessible: CFString { fatalError() }
/// After the first unlock, on this device only.
public var kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString { fatalError() }
/// The item's data.
public var kSecValueData: CFString { fatalError() }
/// Return the data.
public var kSecReturnData: CFString { fatalError() }
/// How many to match.
public var kSecMatchLimit: CFString { fatalError() }
/// One.
public var kSecMatchLimitOne: CFString { fatalError() }
