import { Agent as HttpsAgent } from "node:https";
import { connect } from "node:net";

/**
 * The serpapi package always requests https://serpapi.com:443, but lets callers pass an
 * https agent (meant for proxies). This one opens a plain TCP connection to another
 * host and port instead, so SERPAPI_BASE_URL can point at a proxy or a local fake.
 */
export function agentFor(baseURL: string) {
  const url = new URL(baseURL);
  if (url.protocol === "https:") {
    const port = Number(url.port || 443);
    return new (class extends HttpsAgent {
      override createConnection(
        ...[options, callback]: Parameters<HttpsAgent["createConnection"]>
      ) {
        return super.createConnection(
          { ...options, host: url.hostname, port, servername: url.hostname },
          callback,
        );
      }
    })();
  }
  const port = Number(url.port || 80);
  return new (class extends HttpsAgent {
    override createConnection() {
      return connect(port, url.hostname);
    }
  })();
}
