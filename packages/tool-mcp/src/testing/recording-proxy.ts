import { createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * A loopback HTTP proxy in front of a real server that records every request (the
 * JSON-RPC messages a client sends), so tests can see what went over the wire. Responses,
 * event streams included, pass through as they come.
 */
export async function startRecordingProxy(target: string) {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks);
      requests.push({
        method: incoming.method ?? "GET",
        path: incoming.url ?? "/",
        headers: incoming.headers,
        body: body.toString("utf8"),
      });
      const upstream = request(
        new URL(incoming.url ?? "/", target),
        { method: incoming.method, headers: { ...incoming.headers, host: new URL(target).host } },
        (response) => {
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(outgoing);
        },
      );
      upstream.on("error", () => outgoing.destroy());
      outgoing.on("close", () => upstream.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    /** Every JSON-RPC message the client posted. */
    messages(): Array<Record<string, unknown>> {
      return requests
        .filter((entry) => entry.method === "POST" && entry.body)
        .flatMap((entry) => {
          const parsed: unknown = JSON.parse(entry.body);
          return (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown>>;
        });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
