import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How the hostile server misbehaves. */
export interface HostileHttpBehaviour {
  /** Refuses to start a session, echoing every request header in its error body. */
  readonly echoHeaders?: boolean;
}

const TOOLS = [
  {
    name: "flood",
    description: "Replies with an event whose line never ends",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
  },
  {
    name: "echo",
    description: "Says the text back",
    inputSchema: { type: "object", properties: { text: { type: "string" } } },
    annotations: { readOnlyHint: true },
  },
];

/**
 * A Streamable HTTP MCP server on loopback that misbehaves: its `flood` tool answers
 * with an event stream whose one line never ends (as fast as the client reads), and with
 * `echoHeaders` it refuses to start, echoing the request's headers (keys included).
 */
export async function startHostileHttp(behaviour: HostileHttpBehaviour = {}) {
  const headersSeen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    headersSeen.push(request.headers);
    if (request.method !== "POST") {
      response.writeHead(405).end();
      return;
    }
    let body = "";
    request.setEncoding("utf8").on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      if (behaviour.echoHeaders) {
        const echoed = JSON.stringify(request.headers, null, 2);
        response.writeHead(500, { "content-type": "text/plain" }).end(`rejected:\n${echoed}`);
        return;
      }
      answer(
        JSON.parse(body) as { id?: number; method?: string; params?: { name?: string } },
        response,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    /** The headers of every request it received. */
    headersSeen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(
  message: {
    id?: number;
    method?: string;
    params?: { name?: string; arguments?: { text?: string } };
  },
  response: ServerResponse,
) {
  if (message.id === undefined) {
    response.writeHead(202).end();
    return;
  }
  const reply = (result: unknown) =>
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
  if (message.method === "initialize") {
    reply({
      protocolVersion: "2025-06-18",
      capabilities: { tools: {} },
      serverInfo: { name: "hostile", version: "1.0.0" },
    });
  } else if (message.method === "tools/list") reply({ tools: TOOLS });
  else if (message.method === "tools/call" && message.params?.name === "flood") {
    flood(message.id, response);
  } else if (message.method === "tools/call") {
    reply({ content: [{ type: "text", text: String(message.params?.arguments?.text ?? "") }] });
  } else reply({});
}

/** One event whose data line never ends, written as fast as it is read, until the client hangs up. */
function flood(id: number, response: ServerResponse) {
  response.writeHead(200, { "content-type": "text/event-stream" });
  response.write(
    `data: {"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"FLOOD`,
  );
  const chunk = "A".repeat(65_536);
  const write = () => {
    let room = true;
    while (room && !response.destroyed) room = response.write(chunk);
    if (!response.destroyed) response.once("drain", write);
  };
  response.on("close", () => response.removeAllListeners("drain"));
  write();
}
