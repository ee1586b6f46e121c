import { readFile, stat } from "node:fs/promises";
import { basename, extname } from "node:path";
import { parse as parseYaml } from "yaml";
import { builtInScorers } from "../scorers/built-in-scorers.js";
import { checkCase } from "../scorers/check-case.js";
import type { CaseLimits, EvalCase, EvalSuite } from "./eval-case.js";

/** A suite that cannot be run as written: the CLI's exit 2. */
export class SuiteError extends Error {}

/** Larger than any suite written by hand or generated from a dataset of 100,000 questions. */
const MAX_SUITE_BYTES = 64 * 1024 * 1024;
const MAX_ID_LENGTH = 200;
const LIMIT_KEYS = ["maxSteps", "maxCost", "maxTokens", "maxTokensTotal", "maxTimeMs"] as const;

/** Checks a case's scorer keys: a message for each problem (unknown key, bad value). */
export type CheckScorers = (evalCase: EvalCase) => readonly string[];

/** The built-in scorers' checks: a suite that uses no plug-in's keys. */
const builtInChecks: CheckScorers = (evalCase) =>
  checkCase(evalCase, builtInScorers).map((problem) => problem.message);

/**
 * Reads a suite file: JSONL (one case a line; a line without `id` holding `models` or
 * `judge` sets the suite's matrix and judge) or YAML (a list of cases, or a mapping with
 * `cases`, `models` and `judge`). Every problem is found before anything runs.
 */
export async function readSuiteFile(
  file: string,
  checkScorers: CheckScorers = builtInChecks,
): Promise<EvalSuite> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw new SuiteError(`${file}: no such suite file: give the path of a .jsonl or .yaml file`);
  }
  if (size > MAX_SUITE_BYTES) {
    throw new SuiteError(`${file} is ${size} bytes, more than a suite may be (64 MB): split it`);
  }
  const text = await readFile(file, "utf8");
  const yaml = [".yaml", ".yml"].includes(extname(file).toLowerCase());
  return parseSuite(text, { name: basename(file), yaml }, checkScorers);
}

export interface SuiteSource {
  /** Names the suite in reports and messages. */
  readonly name: string;
  /** YAML rather than JSONL. */
  readonly yaml?: boolean;
}

/** A suite from its text, checked whole; the first problem is thrown with where it is. */
export function parseSuite(
  text: string,
  source: SuiteSource,
  checkScorers: CheckScorers = builtInChecks,
): EvalSuite {
  const entries = source.yaml ? yamlEntries(text, source.name) : jsonlEntries(text, source.name);
  let models: string[] | undefined;
  let judge: string | undefined;
  const cases: EvalCase[] = [];
  const seen = new Set<string>();
  for (const { value, where, settings } of entries) {
    if (!isRecord(value)) throw new SuiteError(`${where}: a case must be an object with an "id"`);
    const named = Object.hasOwn(value, "models") || Object.hasOwn(value, "judge");
    if (settings || (!Object.hasOwn(value, "id") && named)) {
      ({ models, judge } = suiteSettings(value, where, { models, judge }));
      continue;
    }
    const evalCase = readCase(value, where, checkScorers);
    if (seen.has(evalCase.id)) {
      throw new SuiteError(
        `${where}: the id "${evalCase.id}" is used twice: give each case its own`,
      );
    }
    seen.add(evalCase.id);
    cases.push(evalCase);
  }
  if (cases.length === 0) {
    throw new SuiteError(
      `${source.name} has no cases: add one such as {"id": "sum", "question": "What is 2+2?", "includes": "4"}`,
    );
  }
  return {
    name: source.name,
    cases,
    ...(models ? { models } : {}),
    ...(judge ? { judge } : {}),
  };
}

interface Entry {
  readonly value: unknown;
  /** "suite.jsonl line 3" or "suite.yaml case 3". */
  readonly where: string;
  /** The suite's own settings (a YAML mapping's keys besides "cases"). */
  readonly settings?: boolean;
}

function jsonlEntries(text: string, name: string): Entry[] {
  const entries: Entry[] = [];
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const where = `${name} line ${index + 1}`;
    try {
      entries.push({ value: JSON.parse(line), where });
    } catch {
      throw new SuiteError(
        `${where} is not JSON: write one case per line, such as {"id": "sum", "question": "What is 2+2?"}`,
      );
    }
  }
  return entries;
}

function yamlEntries(text: string, name: string): Entry[] {
  let document: unknown;
  try {
    document = parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new SuiteError(`${name} is not YAML (${reason}): fix the file`);
  }
  const list = Array.isArray(document) ? document : isRecord(document) ? document.cases : undefined;
  if (!Array.isArray(list)) {
    throw new SuiteError(
      `${name}: a YAML suite is a list of cases, or a mapping with "cases" (and "models", "judge")`,
    );
  }
  const entries: Entry[] = [];
  if (isRecord(document) && !Array.isArray(document)) {
    const { cases: _cases, ...settings } = document;
    if (Object.keys(settings).length > 0)
      entries.push({ value: settings, where: name, settings: true });
  }
  for (const [index, value] of list.entries())
    entries.push({ value, where: `${name} case ${index + 1}` });
  return entries;
}

function suiteSettings(
  value: Record<string, unknown>,
  where: string,
  before: { models: string[] | undefined; judge: string | undefined },
) {
  for (const key of Object.keys(value)) {
    if (key !== "models" && key !== "judge") {
      throw new SuiteError(
        `${where}: "${key}" is not a suite setting: only "models" and "judge" are`,
      );
    }
  }
  let { models, judge } = before;
  if (Object.hasOwn(value, "models")) {
    const list = value.models;
    if (!Array.isArray(list) || list.length === 0 || !list.every(isText)) {
      throw new SuiteError(
        `${where}: "models" must be a list of --llm specs, such as ["openai:gpt-4.1-mini"]`,
      );
    }
    models = list;
  }
  if (Object.hasOwn(value, "judge")) {
    if (!isText(value.judge)) {
      throw new SuiteError(`${where}: "judge" must be an --llm spec, such as "openai:gpt-4.1"`);
    }
    judge = value.judge;
  }
  return { models, judge };
}

function readCase(
  value: Record<string, unknown>,
  where: string,
  checkScorers: CheckScorers,
): EvalCase {
  const { id } = value;
  if (!isText(id) || id.length > MAX_ID_LENGTH) {
    throw new SuiteError(`${where}: "id" must be a name of 1 to ${MAX_ID_LENGTH} characters`);
  }
  const named = `${where} ("${id}")`;
  const hasQuestion = Object.hasOwn(value, "question");
  const hasTurns = Object.hasOwn(value, "turns");
  if (hasQuestion === hasTurns) {
    throw new SuiteError(`${named}: give either "question" or "turns" (a list of follow-ups)`);
  }
  if (hasQuestion && !isText(value.question)) {
    throw new SuiteError(`${named}: "question" must be text`);
  }
  if (
    hasTurns &&
    !(Array.isArray(value.turns) && value.turns.length > 0 && value.turns.every(isText))
  ) {
    throw new SuiteError(`${named}: "turns" must be a list of questions, asked in order`);
  }
  if (Object.hasOwn(value, "tools") && typeof value.tools !== "string") {
    throw new SuiteError(
      `${named}: "tools" must be a comma-separated list of tool names, as --tools takes`,
    );
  }
  if (Object.hasOwn(value, "limits")) checkLimits(value.limits, named);
  const evalCase = value as unknown as EvalCase;
  const [problem, ...more] = checkScorers(evalCase);
  if (problem !== undefined) {
    const rest = more.length > 0 ? ` (and ${more.length} more)` : "";
    throw new SuiteError(`${named}: ${problem}${rest}`);
  }
  return evalCase;
}

function checkLimits(limits: unknown, named: string): asserts limits is CaseLimits {
  if (!isRecord(limits)) {
    throw new SuiteError(`${named}: "limits" must be an object such as {"maxSteps": 5}`);
  }
  for (const [key, limit] of Object.entries(limits)) {
    if (!(LIMIT_KEYS as readonly string[]).includes(key)) {
      throw new SuiteError(`${named}: "limits" has "${key}": use ${LIMIT_KEYS.join(", ")}`);
    }
    if (typeof limit !== "number" || !Number.isFinite(limit) || limit <= 0) {
      throw new SuiteError(`${named}: limits.${key} must be a number above 0`);
    }
  }
}

const isText = (value: unknown): value is string =>
  typeof value === "string" && value.trim() !== "";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
