import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An http:// or https:// source, fetched with Foundation's URLSession (libcurl underneath on Linux).
///
/// Why URLSession and not AsyncHTTPClient: it ships with the toolchain (no SwiftNIO, no BoringSSL to build on the
/// kiosk's two cores), TLS and proxies come from the system's libcurl and CA store as every other Debian tool's
/// do, and a feed a minute needs no event loop threads. What it lacks is added here: the size limit (the transfer
/// is cancelled as soon as the bytes, or the announced length, pass it), a redirect limit, and the conditional
/// request headers.
public final class HTTPFeedFetcher: FeedFetcher, @unchecked Sendable {
    public let url: URL
    let settings: RealtimeSettings
    private let session: URLSession
    private let transfer: Transfer

    public init(url: URL, settings: RealtimeSettings) {
        self.url = url
        self.settings = settings
        let configuration = URLSessionConfiguration.ephemeral
        // The conditional headers are ours: URLSession's own cache would answer from memory and hide the 304.
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = settings.timeoutSeconds
        configuration.timeoutIntervalForResource = settings.timeoutSeconds
        configuration.httpShouldSetCookies = false
        transfer = Transfer(maximumBytes: settings.maximumFeedBytes, maximumRedirects: settings.maximumRedirects)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: queue)
    }

    public func fetch(validators: FeedValidators?) -> FeedFetch {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: settings.timeoutSeconds)
        request.setValue("application/x-protobuf, application/octet-stream;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        if let tag = validators?.entityTag { request.setValue(tag, forHTTPHeaderField: "If-None-Match") }
        if let date = validators?.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        let task = session.dataTask(with: request)
        let done = transfer.begin(task: task.taskIdentifier)
        task.resume()
        // The session's own timeouts end the task; this wait is the backstop should libcurl never call back, so a
        // poller thread can never be stuck for good.
        if done.wait(timeout: .now() + settings.timeoutSeconds + 5) == .timedOut {
            task.cancel()
            _ = done.wait(timeout: .now() + 5)
            return .failed("no answer within \(TimeText.seconds(settings.timeoutSeconds)) s")
        }
        return transfer.outcome(url: url)
    }

    public func shutDown() {
        session.invalidateAndCancel()
    }

    /// One transfer's state, filled in by URLSession's delegate callbacks (on the session's serial queue) and read
    /// by the poller thread once the semaphore is signalled.
    final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let maximumBytes: Int
        let maximumRedirects: Int
        private let lock = NSLock()
        private var body: [UInt8] = []
        private var response: HTTPURLResponse?
        private var failure: String?
        private var redirects = 0
        private var done = DispatchSemaphore(value: 0)
        /// The transfer under way: a late callback of one abandoned after the backstop wait must not fill this one.
        private var task = -1

        init(maximumBytes: Int, maximumRedirects: Int) {
            self.maximumBytes = maximumBytes
            self.maximumRedirects = maximumRedirects
        }

        func begin(task: Int) -> DispatchSemaphore {
            lock.withLock {
                self.task = task
                body = []
                response = nil
                failure = nil
                redirects = 0
                done = DispatchSemaphore(value: 0)
                return done
            }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
            let tooLong = response.expectedContentLength > Int64(maximumBytes)
            lock.withLock {
                guard dataTask.taskIdentifier == task else { return }
                self.response = response as? HTTPURLResponse
                if tooLong { failure = "announced \(response.expectedContentLength) bytes, more than the limit of \(maximumBytes)" }
            }
            completionHandler(tooLong ? .cancel : .allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let over = lock.withLock { () -> Bool in
                guard dataTask.taskIdentifier == task, failure == nil else { return true }
                if body.count + data.count > maximumBytes {
                    failure = "more than the limit of \(maximumBytes) bytes"
                    body = []
                    return true
                }
                body.append(contentsOf: data)
                return false
            }
            if over { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
            let allowed = lock.withLock { () -> Bool in
                guard task.taskIdentifier == self.task else { return false }
                redirects += 1
                if redirects > maximumRedirects {
                    failure = "more than \(maximumRedirects) redirects (last to \(request.url?.absoluteString ?? "?"))"
                    return false
                }
                return true
            }
            completionHandler(allowed ? request : nil)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            lock.withLock {
                guard task.taskIdentifier == self.task else { return }
                if let error, failure == nil {
                    let code = (error as? URLError)?.code
                    failure = code == .timedOut ? "timed out" : "\(error.localizedDescription)"
                }
                if response == nil, let http = task.response as? HTTPURLResponse { response = http }
                done.signal()
            }
        }

        func outcome(url: URL) -> FeedFetch {
            lock.withLock {
                if let failure { return .failed(failure) }
                guard let response else { return .failed("no HTTP response") }
                switch response.statusCode {
                case 304:
                    return .notModified
                case 200:
                    let validators = FeedValidators(entityTag: response.value(forHTTPHeaderField: "ETag"),
                                                    lastModified: response.value(forHTTPHeaderField: "Last-Modified"))
                    return .body(body, validators)
                case 300..<400:
                    return .failed("HTTP \(response.statusCode) redirect not followed")
                default:
                    return .failed("HTTP \(response.statusCode)")
                }
            }
        }
    }
}

enum TimeText {
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
