/// What a source answered to one poll.
public enum FeedFetch: Sendable {
    /// New bytes (not yet decoded) and the validators to send next time.
    case body([UInt8], FeedValidators)
    /// 304, or a file unchanged since the last read: the feed in use stays.
    case notModified
    /// Nothing usable: the reason, for the log, status.json and the counters.
    case failed(String)
}

/// What a conditional request sends back to the server (ETag → If-None-Match, Last-Modified → If-Modified-Since),
/// and, for a file, its modification time and size.
public struct FeedValidators: Hashable, Sendable, Codable {
    public var entityTag: String?
    public var lastModified: String?

    public init(entityTag: String? = nil, lastModified: String? = nil) {
        self.entityTag = entityTag
        self.lastModified = lastModified
    }
}

/// One way of reaching a source; `fetch` blocks its (poller) thread for at most the configured timeout.
public protocol FeedFetcher: AnyObject, Sendable {
    func fetch(validators: FeedValidators?) -> FeedFetch
    /// Ends any transfer under way and frees the client; `fetch` is not called after.
    func shutDown()
    /// Failures space the polls out (`RetrySchedule`): a server that fails is spared. True unless said otherwise.
    var backsOffOnFailure: Bool { get }
}

extension FeedFetcher {
    public var backsOffOnFailure: Bool { true }
}
