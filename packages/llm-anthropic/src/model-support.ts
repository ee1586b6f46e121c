/**
 * Which models continue an assistant prefill. Claude 4.6 and later answer 400 to one;
 * proxies and compatible servers may refuse it under model names we cannot know, and
 * what a server refused is remembered for the rest of the process, so we pay for the
 * failed request once.
 */

/** Models that still continue a prefill: Claude 3, and Claude 4 up to 4.5. */
const prefillModel = /^claude-(?:3|(?:opus|sonnet|haiku)-4(?:-[015])?(?:-\d{8})?$)/;
const refusedByServer = new Set<string>();

export function takesPrefill(host: string, model: string): boolean {
  return prefillModel.test(model.replace(/^.*\//, "")) && !refusedByServer.has(`${host} ${model}`);
}

export function rememberPrefillRefused(host: string, model: string) {
  refusedByServer.add(`${host} ${model}`);
}

/** Whether a 400's message is a model refusing a prefill. */
export function refusesPrefill(message: string): boolean {
  return /prefill/i.test(message);
}
