import { describe, expect, it } from "vitest";
import { checkJsonSchema } from "./json-schema-check.js";

const sum = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
  additionalProperties: false,
};

describe("checkJsonSchema", () => {
  it("accepts arguments that fit", () => {
    expect(checkJsonSchema(sum, { a: 1, b: 2.5 })).toEqual([]);
  });

  it("names each wrong field, what it expected and what it got", () => {
    expect(checkJsonSchema(sum, { a: "three", c: true })).toEqual([
      { path: "b", message: "is required" },
      { path: "a", message: 'expected a number, got "three"' },
      { path: "c", message: "is not a known field (the fields are a, b)" },
    ]);
  });

  it("says when the arguments are not an object at all", () => {
    expect(checkJsonSchema(sum, [1, 2])).toEqual([
      { path: "", message: "expected an object, got an array" },
    ]);
  });

  it("checks nested objects, arrays, enums, ranges, lengths and patterns", () => {
    const schema = {
      type: "object",
      properties: {
        trip: {
          type: "object",
          properties: {
            stops: { type: "array", items: { type: "string", minLength: 2 }, maxItems: 3 },
            days: { type: "integer", minimum: 1, exclusiveMaximum: 15 },
            mode: { enum: ["car", "train"] },
            code: { type: "string", pattern: "^[A-Z]{3}$" },
          },
        },
      },
    };
    const issues = checkJsonSchema(schema, {
      trip: { stops: ["Oslo", "X"], days: 15, mode: "boat", code: "osl" },
    });
    expect(issues).toEqual([
      { path: "trip.stops[1]", message: "must be at least 2 characters long" },
      { path: "trip.days", message: "must be less than 15" },
      { path: "trip.mode", message: 'must be one of "car", "train"' },
      { path: "trip.code", message: "must match the pattern ^[A-Z]{3}$" },
    ]);
    expect(checkJsonSchema(schema, { trip: { days: 2.5 } })).toEqual([
      { path: "trip.days", message: "expected an integer, got 2.5" },
    ]);
  });

  it("reads nullable types and anyOf alternatives as one expectation", () => {
    const schema = {
      type: "object",
      properties: {
        note: { type: ["string", "null"] },
        limit: { anyOf: [{ type: "number" }, { type: "null" }] },
      },
    };
    expect(checkJsonSchema(schema, { note: null, limit: null })).toEqual([]);
    expect(checkJsonSchema(schema, { note: 1, limit: "ten" })).toEqual([
      { path: "note", message: "expected a string or null, got 1" },
      { path: "limit", message: 'expected a number or null, got "ten"' },
    ]);
  });

  it("follows local references and survives a reference cycle", () => {
    const schema = {
      type: "object",
      properties: { home: { $ref: "#/$defs/address" }, loop: { $ref: "#/$defs/loop" } },
      $defs: {
        address: { type: "object", properties: { city: { type: "string" } } },
        loop: { $ref: "#/$defs/loop" },
      },
    };
    expect(checkJsonSchema(schema, { home: { city: 7 }, loop: 1 })).toEqual([
      { path: "home.city", message: "expected a string, got 7" },
    ]);
  });

  it("lets pass what it does not know, and a broken pattern from a server", () => {
    const schema = {
      type: "object",
      properties: {
        when: { type: "string", format: "date-time" },
        odd: { type: "string", pattern: "([" },
      },
      not: { required: ["when"] },
    };
    expect(checkJsonSchema(schema, { when: "soon", odd: "x" })).toEqual([]);
  });

  it("does not let a field named like an Object property pass as present", () => {
    const schema = { type: "object", required: ["constructor", "toString"] };
    expect(checkJsonSchema(schema, {})).toEqual([
      { path: "constructor", message: "is required" },
      { path: "toString", message: "is required" },
    ]);
  });

  it("quotes field names that are not identifiers and cuts long values short", () => {
    const schema = { type: "object", properties: { "first name": { type: "number" } } };
    expect(checkJsonSchema(schema, { "first name": "x".repeat(100) })).toEqual([
      { path: '"first name"', message: `expected a number, got "${"x".repeat(36)}...` },
    ]);
  });
});
