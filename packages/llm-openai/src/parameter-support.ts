/**
 * Which request parameters a model or server refuses. OpenAI's reasoning models reject
 * `stop`, non-default `temperature` and `max_tokens`; other servers say so with a 400.
 * What a server refused is remembered for the rest of the process, so we pay for the
 * failed request once.
 */
export type Parameter = "stop" | "temperature" | "max_tokens";

const reasoningModel = /^(?:o\d|gpt-5)/i;
const refusedByServer = new Map<string, Set<Parameter>>();

export function refusedParameters(host: string, model: string): ReadonlySet<Parameter> {
  const known = refusedByServer.get(`${host} ${model}`) ?? new Set<Parameter>();
  if (!reasoningModel.test(model.replace(/^.*\//, ""))) return known;
  return new Set<Parameter>([...known, "stop", "temperature", "max_tokens"]);
}

export function rememberRefused(host: string, model: string, parameter: Parameter) {
  const key = `${host} ${model}`;
  const set = refusedByServer.get(key) ?? new Set<Parameter>();
  set.add(parameter);
  refusedByServer.set(key, set);
}

/** The parameter a 400 complains about, when it is one we can leave out. */
export function refusedParameterOf(error: {
  param?: unknown;
  code?: unknown;
  message?: unknown;
}): Parameter | undefined {
  const code = String(error.code ?? "");
  const message = String(error.message ?? "");
  if (!/unsupported|not supported|unrecognized|unknown/i.test(`${code} ${message}`))
    return undefined;
  const named = String(error.param ?? "");
  for (const parameter of ["stop", "temperature", "max_tokens"] as const) {
    if (
      named === parameter ||
      message.includes(`'${parameter}'`) ||
      message.includes(`"${parameter}"`)
    )
      return parameter;
  }
  return undefined;
}
