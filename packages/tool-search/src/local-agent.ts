import { Agent as HttpsAgent } from "node:https";
import { connect, isIP } from "node:net";

/**
 * The serpapi package always requests https://serpapi.com:443, but lets callers pass an
 * https agent (meant for proxies). This one opens a plain TCP connection to another
 * host and port instead, so SERPAPI_BASE_URL can point at a proxy or a local fake.
 */
export function agentFor(url: URL) {
  // An IPv6 host comes bracketed in a URL, but not in a socket address.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol === "https:") {
    const port = Number(url.port || 443);
    return new (class extends HttpsAgent {
      override createConnection(
        ...[options, callback]: Parameters<HttpsAgent["createConnection"]>
      ) {
        return super.createConnection(
          // TLS sends no server name for an IP address.
          { ...options, host, port, servername: isIP(host) ? "" : host },
          callback,
        );
      }
    })();
  }
  const port = Number(url.port || 80);
  return new (class extends HttpsAgent {
    override createConnection() {
      return connect(port, host);
    }
  })();
}
