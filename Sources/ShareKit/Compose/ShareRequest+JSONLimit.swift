import Foundation
import WallCore

extension ShareRequest {
    /// The request with its page snapshot cut to fit the server's JSON body limit once encoded
    /// (quotes and line breaks take two bytes in JSON, so an HTML snapshot within its own limit
    /// can still make the body too large, and the server would refuse the whole share): the
    /// HTML, then the text, lose their ends (between characters), and the snapshot is left out
    /// when even that is not enough. A request that fits comes back unchanged. The client sends
    /// exactly this encoding (`WallAPIClient.share` uses `WallJSON` too).
    public func fittingJSONBody(limit: Int = Limits.maxJSONBodyBytes) -> ShareRequest {
        var request = self
        for field in [\PageSnapshot.html, \PageSnapshot.text] {
            while let overshoot = request.encodedSize.map({ $0 - limit }), overshoot > 0,
                  let value = request.page?[keyPath: field], !value.isEmpty {
                // Cut by the overshoot at the field's own rate of JSON bytes per byte (at least
                // one), so a field full of quotes loses half as much; repeat while it is over.
                let bytes = value.utf8.count
                let encoded = max(bytes, ((try? WallJSON.encoder().encode(value).count) ?? bytes) - 2)
                let cut = max(1, Int((Double(overshoot) * Double(bytes) / Double(encoded)).rounded(.up)))
                let kept = PagePayload.prefix(value, utf8Bytes: max(0, bytes - cut))
                request.page?[keyPath: field] = kept.isEmpty ? nil : kept
            }
        }
        if let size = request.encodedSize, size > limit { request.page = nil }
        return request
    }

    /// The size of the request as `WallJSON` encodes it; `nil` when it can't be encoded.
    var encodedSize: Int? { try? WallJSON.encoder().encode(self).count }
}
