// Measures pages per second through libxml2 parsing plus metadata and readable-text
// extraction (`MetadataExtractor.extract`), over the fixture corpus in
// Tests/WallEnrichTests/Fixtures and three generated article pages (10 KB, 100 KB, 1 MB).
// Run by `scripts/bench-enrich`, which builds it in release mode.
import Foundation
import WallEnrich

let arguments = CommandLine.arguments
let corpusDirectory = arguments.count > 1 ? arguments[1] : "Tests/WallEnrichTests/Fixtures"
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7
let base = URL(string: "https://bench.example/articles/page.html")!

/// A news-like page of about `bytes` bytes: head metadata, navigation, an article of
/// paragraphs with links, a sidebar and a footer.
func articlePage(bytes: Int) -> [UInt8] {
    var html = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>Bench article</title>
        <meta property="og:title" content="Bench article"><meta property="og:description" content="A page for the benchmark.">
        <meta property="og:image" content="/img/hero.jpg"><link rel="icon" href="/favicon.png">
        <script type="application/ld+json">{"@type":"NewsArticle","author":{"name":"Bench"},"datePublished":"2026-01-01"}</script>
        </head><body><nav><ul><li><a href="/">Home</a></li><li><a href="/a">Section</a></li></ul></nav><article>
        """
    var index = 0
    while html.utf8.count < bytes {
        html += "<p>Paragraph \(index) of the story, with <a href=\"/link/\(index)\">a link</a> and some <em>emphasis</em>; "
        html += "the words go on long enough to look like prose that a person would read on a page like this.</p>\n"
        if index % 10 == 0 { html += "<aside><p>Related story \(index)</p></aside><script>var x = \(index);</script>" }
        index += 1
    }
    html += "</article><footer>Footer</footer></body></html>"
    return Array(html.utf8)
}

var pages: [(name: String, bytes: [UInt8])] = []
let files = (try? FileManager.default.contentsOfDirectory(atPath: corpusDirectory))?.sorted() ?? []
for file in files where file.hasSuffix(".html") {
    let data = try Data(contentsOf: URL(fileURLWithPath: corpusDirectory).appending(path: file))
    pages.append((file, Array(data)))
}
guard !pages.isEmpty else {
    print("No fixture pages in \(corpusDirectory)")
    exit(1)
}
let fixtureCount = pages.count
let generated = [("article-10KB", articlePage(bytes: 10_000)), ("article-100KB", articlePage(bytes: 100_000)),
                 ("article-1MB", articlePage(bytes: 1_000_000))]

func measure(_ set: [(name: String, bytes: [UInt8])], minimumSeconds: Double) -> (pagesPerSecond: Double, megabytesPerSecond: Double) {
    var count = 0
    var bytes = 0
    var sink = 0
    let clock = ContinuousClock()
    let start = clock.now
    var elapsed = 0.0
    repeat {
        for page in set {
            let metadata = MetadataExtractor.extract(from: page.bytes, pageURL: base)
            sink &+= metadata.readableText?.utf8.count ?? 0
            count += 1
            bytes += page.bytes.count
        }
        let duration = clock.now - start
        elapsed = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    } while elapsed < minimumSeconds
    if sink == -1 { print(sink) }
    return (Double(count) / elapsed, Double(bytes) / elapsed / 1_000_000)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

print("Corpus: \(fixtureCount) fixture pages from \(corpusDirectory); \(rounds) rounds of at least 1 s each; median shown")
let sets: [(String, [(name: String, bytes: [UInt8])])] =
    [("fixture corpus", Array(pages.prefix(fixtureCount)))] + generated.map { ($0.0, [($0.0, $0.1)]) }
for (name, set) in sets {
    var perSecond: [Double] = []
    var throughput: [Double] = []
    for _ in 0..<rounds {
        let result = measure(set, minimumSeconds: 1)
        perSecond.append(result.pagesPerSecond)
        throughput.append(result.megabytesPerSecond)
    }
    let line = String(format: "%-16@ %10.0f pages/s  %7.1f MB/s  (min %.0f, max %.0f pages/s)",
                      name as NSString, median(perSecond), median(throughput), perSecond.min() ?? 0, perSecond.max() ?? 0)
    print(line)
}
