import WallCore

extension LinkPreview: JSONWritable {
    func write(to output: inout JSONOutput) {
        output.object { json in
            if let title { json.key("title"); json.string(title) }
            if let description { json.key("description"); json.string(description) }
            if let siteName { json.key("siteName"); json.string(siteName) }
            if let canonicalUrl { json.key("canonicalUrl"); json.string(canonicalUrl) }
            if let author { json.key("author"); json.string(author) }
            if let published { json.key("published"); json.string(published) }
            if let imagePath { json.key("imagePath"); json.string(imagePath) }
            if let iconPath { json.key("iconPath"); json.string(iconPath) }
            if let readableText { json.key("readableText"); json.string(readableText) }
            if let readableTextSource { json.key("readableTextSource"); json.string(readableTextSource) }
            if let failureReason { json.key("failureReason"); json.string(failureReason) }
            if let fetchedAt { json.key("fetchedAt"); json.date(fetchedAt) }
        }
    }
}
