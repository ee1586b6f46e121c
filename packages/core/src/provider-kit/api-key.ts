import { LangchainMiniError } from "../contracts/errors.js";

// What an HTTP header value may hold once its ends are trimmed: tab, printable ASCII and
// Latin-1 (obs-text). A line break or control character inside, or a character past
// U+00FF (a curly quote pasted with the key), makes the HTTP client refuse every request
// with an error that quotes the header, key and all.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * An API key setting such as OPENAI_API_KEY, checked before anything is sent, and
 * returned without the blanks around it (a `.env` written on Windows ends it with `\r`):
 * what is sent and what is blanked from output are then the same text. One that no
 * request can carry is one line naming the variable, never the key itself.
 */
export function checkApiKey(name: string, key: string): string {
  const trimmed = key.replace(HTTP_WHITESPACE, "");
  if (HEADER_VALUE.test(trimmed)) return trimmed;
  throw new LangchainMiniError(
    "config_invalid",
    `${name} holds a line break, a control character or a character such as a curly quote, which no request can carry: copy the key again (the key is not shown here)`,
  );
}
