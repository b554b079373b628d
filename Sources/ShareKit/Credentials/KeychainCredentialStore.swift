#if canImport(Security)
import Foundation
import Security
import WallCore

/// Credentials in the Keychain as one generic password, shared with the share extension
/// through a Keychain access group.
public struct KeychainCredentialStore: CredentialStore {
    /// The Keychain service name.
    public let service: String
    /// The access group the app and its extension share (`TEAMID.group.…`), or `nil` for the app's own.
    public let accessGroup: String?

    private static let account = "default"

    /// Keeps credentials under `service`, in `accessGroup`.
    public init(service: String = "org.digitalwall.credentials", accessGroup: String?) {
        self.service = service
        self.accessGroup = accessGroup
    }

    /// Reads the Keychain item; `nil` when there is none.
    public func load() throws -> Credentials? {
        var query = baseQuery
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw KeychainError(status: status) }
        return try WallJSON.decoder().decode(Credentials.self, from: data)
    }

    /// Adds or replaces the Keychain item (readable after the first unlock, so a share extension
    /// can use it while the phone is locked in a pocket).
    public func save(_ credentials: Credentials) throws {
        let data = try WallJSON.encoder().encode(credentials)
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        let status = SecItemUpdate(baseQuery as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            let added = SecItemAdd(baseQuery.merging(attributes) { $1 } as CFDictionary, nil)
            guard added == errSecSuccess else { throw KeychainError(status: added) }
        } else if status != errSecSuccess {
            throw KeychainError(status: status)
        }
    }

    /// Deletes the Keychain item.
    public func delete() throws {
        let status = SecItemDelete(baseQuery as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
    }

    private var baseQuery: [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: Self.account,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }
}

/// A Keychain call that failed, with its `OSStatus`.
public struct KeychainError: Error, Sendable, Equatable {
    /// The status the Security framework returned.
    public var status: OSStatus
}
#endif
