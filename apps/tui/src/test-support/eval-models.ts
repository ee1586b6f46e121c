import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

// Two models that answer a suite's questions in the ReAct format, as a function of the
// prompt alone: the "right" one answers every case as its suite expects, the "wrong" one
// misses the five-year periods and the JSON case. A judge answers too.

type Body = Record<string, unknown>;

/** Every piece of text in a request body, joined: the prompt, whatever the API's shape. */
export function promptText(body: Body): string {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") texts.push(value);
    else if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === "object")
      for (const item of Object.values(value)) walk(item);
  };
  walk(body.system);
  walk(body.messages);
  return texts.join("\n");
}

const react = (thought: string, action: string, input: string) =>
  ` ${thought}\nAction: ${action}\nAction Input: ${input}`;
const final = (answer: string) => ` I now know the final answer\nFinal Answer: ${answer}`;

/**
 * The reply text of a suite model: right on every case, or wrong on two. A question about
 * the key is answered with it (`key`: what the request was authorised with), as a model
 * leaking what a tool showed it would.
 */
export function suiteReply(body: Body, right: boolean, key = ""): string {
  const text = promptText(body);
  if (text.includes("<answer>")) {
    const answer = text.slice(text.indexOf("<answer>"), text.indexOf("</answer>"));
    const pass = answer.includes("Paris") || answer.includes("404.6");
    return `The answer ${pass ? "meets" : "does not meet"} the rubric.\nSCORE: ${pass ? 1 : 0}\nVERDICT: ${pass ? "PASS" : "FAIL"}`;
  }
  if (text.includes("rephrase the follow up question")) return " What is the square root of 16?";
  const question = /\nQuestion: (.*)\n/.exec(text.slice(text.lastIndexOf("Begin!")))?.[1] ?? "";
  const observed = text.slice(text.lastIndexOf("Begin!")).includes("\nObservation: ");
  if (question.includes("five year periods")) {
    if (!observed) return react("I should divide 2023 by 5.", "calculator", "2023/5");
    return final(right ? "There are 404.6 five year periods in 2023." : "About 405.");
  }
  if (question.includes("square root of 25")) {
    if (!observed) return react("I should use the calculator.", "calculator", "25^(1/2)");
    return final("The square root of 25 is 5.");
  }
  if (question.includes("square root of 16")) {
    if (!observed) return react("I should use the calculator.", "calculator", "16^(1/2)");
    return final("It is 4.");
  }
  if (question.includes("Fahrenheit")) {
    if (!observed)
      return react("I should convert with the calculator.", "calculator", "(54-32)*5/9");
    return final(right ? "54°F is about 12.2°C." : "54°F is about 12°C.");
  }
  if (question.includes("your key")) return final(`It is ${key}.`);
  if (question.includes("JSON")) return final(right ? '{"city": "Paris"}' : "Paris, I think");
  if (question.includes("capital of France")) return final("Paris is the capital of France.");
  return final("I do not know.");
}

/**
 * A proxy in front of a fake server that counts the requests in flight through it: the
 * most at once, and a gate that holds the first `hold` requests until that many are in
 * flight together (so a test knows the eval reached its concurrency, not only kept under it).
 */
export async function startCountingProxy(target: string, hold: number) {
  const upstream = new URL(target);
  let inFlight = 0;
  let most = 0;
  let seen = 0;
  const held: (() => void)[] = [];
  const server = createServer((incoming, outgoing) => {
    inFlight++;
    most = Math.max(most, inFlight);
    outgoing.on("close", () => inFlight--);
    const forward = () => forwardRequest(upstream, incoming, outgoing);
    if (++seen <= hold) {
      held.push(forward);
      if (held.length === hold) for (const release of held.splice(0)) release();
    } else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const path = upstream.pathname.replace(/\/$/, "");
  return {
    url: `http://127.0.0.1:${port}${path}`,
    get most() {
      return most;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A proxy in front of a fake server that holds the first request until `gate` settles
 * (the rest pass at once): a test knows a run could only finish once something else
 * happened, e.g. another process took part of the work.
 */
export async function startGatedProxy(target: string, gate: Promise<unknown>) {
  const upstream = new URL(target);
  let seen = 0;
  const server = createServer((incoming, outgoing) => {
    const forward = () => forwardRequest(upstream, incoming, outgoing);
    if (++seen === 1) void gate.then(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, "")}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Passes a request on to `upstream` and its reply back. */
function forwardRequest(upstream: URL, incoming: IncomingMessage, outgoing: ServerResponse) {
  const proxied = httpRequest(
    {
      host: upstream.hostname,
      port: upstream.port,
      path: incoming.url,
      method: incoming.method,
      headers: incoming.headers,
    },
    (response) => {
      outgoing.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(outgoing);
    },
  );
  proxied.on("error", () => outgoing.destroy());
  incoming.pipe(proxied);
}
