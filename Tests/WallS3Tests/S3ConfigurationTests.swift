import Foundation
import Testing
import WallS3

/// Reading `s3://bucket/prefix` and the environment, and where each style of addressing sends a
/// request (no server needed).
@Suite struct S3ConfigurationTests {
    let keys = ["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret"]

    @Test func readsABucketAndAPrefix() throws {
        #expect(try S3Location(parsing: "s3://my-bucket/wall/blobs/") == S3Location(bucket: "my-bucket", prefix: "wall/blobs"))
        #expect(try S3Location(parsing: "s3://my.bucket") == S3Location(bucket: "my.bucket", prefix: ""))
        #expect(S3Location(bucket: "b", prefix: "p").key("ab/cd") == "p/ab/cd")
        #expect(S3Location(bucket: "b", prefix: "").key("ab/cd") == "ab/cd")
    }

    @Test(arguments: ["my-bucket/p", "s3://", "s3://UPPER/p", "s3://ab/p", "s3://-bucket/p", "s3://b_c_d/p", "s3://bucket/../p"])
    func refusesAMalformedLocation(_ text: String) {
        #expect(throws: S3ConfigurationError.self) { try S3Location(parsing: text) }
    }

    @Test func defaultsToAWSInUsEast1WithVirtualHostedAddressing() throws {
        let configuration = try S3Configuration(location: S3Location(bucket: "bkt", prefix: "p"), environment: keys)
        #expect(configuration.region == "us-east-1")
        #expect(configuration.endpoint.absoluteString == "https://s3.us-east-1.amazonaws.com")
        #expect(!configuration.pathStyle)
        #expect(configuration.credentials.sessionToken == nil)
        let address = configuration.address(key: "p/ab/a b")
        #expect(address.host == "bkt.s3.us-east-1.amazonaws.com")
        #expect(address.path == "/p/ab/a b")
        #expect(address.url == "https://bkt.s3.us-east-1.amazonaws.com/p/ab/a%20b")
        #expect(configuration.address(key: "", bucketLevel: true).url == "https://bkt.s3.us-east-1.amazonaws.com/")
    }

    @Test func readsTheRegionEndpointPathStyleAndSessionTokenFromTheEnvironment() throws {
        var environment = keys
        environment["AWS_DEFAULT_REGION"] = "eu-west-3"
        #expect(try S3Configuration(location: .init(bucket: "bkt"), environment: environment).region == "eu-west-3")
        environment["AWS_REGION"] = "auto"
        environment["AWS_SESSION_TOKEN"] = "tok"
        environment["DWALL_S3_ENDPOINT"] = "http://127.0.0.1:9000"
        environment["DWALL_S3_PATH_STYLE"] = "1"
        let configuration = try S3Configuration(location: .init(bucket: "bkt", prefix: "p"), environment: environment)
        #expect(configuration.region == "auto")
        #expect(configuration.credentials.sessionToken == "tok")
        let address = configuration.address(key: "p/x")
        #expect(address.host == "127.0.0.1:9000")
        #expect(address.path == "/bkt/p/x")
        #expect(address.url == "http://127.0.0.1:9000/bkt/p/x")
        #expect(configuration.address(key: "", bucketLevel: true).path == "/bkt")
    }

    @Test func saysWhichVariableIsMissingOrWrong() {
        #expect(throws: S3ConfigurationError.missingEnvironment("AWS_ACCESS_KEY_ID")) {
            try S3Configuration(location: .init(bucket: "bkt"), environment: [:])
        }
        #expect(throws: S3ConfigurationError.missingEnvironment("AWS_SECRET_ACCESS_KEY")) {
            try S3Configuration(location: .init(bucket: "bkt"), environment: ["AWS_ACCESS_KEY_ID": "x"])
        }
        for (name, value) in [("DWALL_S3_ENDPOINT", "ftp://host"), ("DWALL_S3_ENDPOINT", "http://host/path"), ("DWALL_S3_PATH_STYLE", "maybe")] {
            var environment = keys
            environment[name] = value
            #expect(throws: S3ConfigurationError.self) { try S3Configuration(location: .init(bucket: "bkt"), environment: environment) }
        }
    }
}
