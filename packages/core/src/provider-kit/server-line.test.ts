import { describe, expect, it } from "vitest";
import { HOSTILE_TEXTS, TERMINAL_FORBIDDEN } from "../testing/hostile-text.js";
import { LONGEST_SERVER_LINE, serverLine } from "./server-line.js";

const KEY = "sk-live-secret-0123456789";

describe("serverLine", () => {
  it("keeps what the server said, on one line", () => {
    expect(serverLine("The server had an error.\n  Please retry\r\nlater.\t")).toBe(
      "The server had an error. Please retry later.",
    );
  });

  it("removes every control sequence and invisible character a terminal would act on", () => {
    for (const hostile of HOSTILE_TEXTS) {
      const line = serverLine(`upstream said ${hostile.text} and failed`);
      expect(line, hostile.name).not.toMatch(TERMINAL_FORBIDDEN);
      expect(line, hostile.name).not.toMatch(/\n/);
      expect(line, hostile.name).toMatch(/^upstream said a?.* and failed$/);
    }
  });

  it("blanks the key, even split by a control character", () => {
    expect(serverLine(`bad key ${KEY} sent`, KEY)).toBe("bad key *** sent");
    const split = `${KEY.slice(0, 8)}\u0007${KEY.slice(8)}`;
    expect(serverLine(`bad key ${split}`, KEY)).toBe("bad key ***");
  });

  it("reads an HTML error page as its words", () => {
    const page =
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
    expect(serverLine(page)).toBe("502 Bad Gateway 502 Bad Gateway nginx");
    expect(serverLine("a < b and c > d")).toBe("a < b and c > d");
  });

  it("cuts a long message, never inside a character, and reads no more than it needs", () => {
    const long = serverLine("é🙂".repeat(10_000));
    expect(Array.from(long)).toHaveLength(LONGEST_SERVER_LINE);
    expect(long.endsWith("…")).toBe(true);
    expect(long).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(serverLine("x".repeat(5_000_000))).toHaveLength(LONGEST_SERVER_LINE);
  });
});
