import Foundation
import HummingbirdCore
import Hummingbird

extension URI {
    /// The query's parameters read as an HTML form sends them: `+` is a space (a form's
    /// `GET` writes the search box's spaces so), `%2B` a plus. Hummingbird's `queryParameters`
    /// decodes percent escapes only, which would leave a typed search one word of `+`s.
    var formParameters: Parameters {
        guard let query, query.contains("+") else { return queryParameters }
        return URI(String("?" + query.replacingOccurrences(of: "+", with: "%20"))).queryParameters
    }
}
