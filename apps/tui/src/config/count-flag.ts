import { terminalText, usageError } from "@langchain-mini/host";

/** A flag's whole number from `min` to `max` (`fallback` when not given); else a usage error. */
export function count(
  flag: string,
  text: string | undefined,
  fallback: number,
  min: number,
  max: number,
) {
  if (text === undefined) return fallback;
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw usageError(
      `${flag} must be a whole number from ${min} to ${max}, not '${terminalText(text)}'`,
    );
  }
  return value;
}
