import { describe, expect, it } from "vitest";
import { readResultTool } from "./read-result-tool.js";

const hint = (id: string, offset: number) => `{"result": "${id}", "offset": ${offset}}`;
const signal = new AbortController().signal;

describe("read_result", () => {
  const page = Array.from({ length: 5_000 }, (_, index) => `row ${index}`).join("\n");
  const results = new Map([
    ["3", page],
    ["4.1", "short"],
  ]);
  const tool = readResultTool(results, 500, hint);
  const read = (input: string) => tool.execute(input, { signal }) as string;

  it("reads a result slice by slice, each line saying where to read on, to its end", () => {
    let input = '{"result": "3", "offset": 0}';
    let whole = "";
    for (let reads = 0; reads < 200; reads++) {
      const slice = read(input);
      const footer =
        /\n\[Characters [\d,]+ to [\d,]+ of [\d,]+ of result 3(?:; to read on: (.*)|; that is its end)\]$/.exec(
          slice,
        );
      expect(footer).not.toBeNull();
      whole += slice.slice(0, footer?.index);
      if (!footer?.[1]) break;
      input = footer[1];
    }
    expect(whole).toBe(page);
  });

  it("takes the input as models write it", () => {
    expect(read('{"result": 4.1}')).toMatch(
      /^short\n\[Characters 0 to 5 of 5 of result 4\.1; that is its end\]$/,
    );
    expect(read("3 9")).toMatch(/^ 1\nrow 2/);
    expect(read("{result: '3', offset: '12'}")).toMatch(/^row 2\n/);
    expect(read('{"result": "3", "offset": 999999999}')).toMatch(/that is its end\]$/);
  });

  it("says which results there are when asked for another", () => {
    expect(read('{"result": "9"}')).toBe(
      'There is no result \'9\': the results are 3, 4.1. Give the id and an offset as the line where a result was cut says, e.g. {"result": "4.1", "offset": 0}.',
    );
    expect(read("")).toMatch(/^There is no result named in that input/);
  });
});
