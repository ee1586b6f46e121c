import { LangchainMiniError } from "../contracts/errors.js";
import type { Endpoint } from "./connection.js";
import { connectionFailureCode, isHostLookupFailure, isTlsFailure } from "./connection-failure.js";

/**
 * A request that never reached the server, in one line that says what to do: about the
 * base URL setting when the user set one (naming it), else about their network, since
 * nothing they configured can be wrong.
 */
export function connectionError(error: unknown, endpoint: Endpoint): LangchainMiniError {
  const { host, baseURLName: setting } = endpoint;
  const code = connectionFailureCode(error);
  const fail = (message: string) =>
    new LangchainMiniError("llm_connection", message, { cause: error });
  if (isHostLookupFailure(code)) {
    return fail(
      setting
        ? `Cannot find the host of ${host} (${code}): check the name in ${setting} and your network`
        : `Cannot find the host ${host} (${code}): check your network connection and DNS`,
    );
  }
  if (isTlsFailure(code)) {
    return fail(
      setting
        ? `Secure connection to ${host} failed (${code}): use http:// in ${setting} for a server without TLS, or trust its certificate with NODE_EXTRA_CA_CERTS`
        : `Secure connection to ${host} failed (${code}): if a proxy inspects your traffic, trust its certificate with NODE_EXTRA_CA_CERTS`,
    );
  }
  const shown = code ? ` (${code})` : "";
  return fail(
    setting
      ? `Cannot connect to ${host}${shown}: check that the server is running and ${setting} is right`
      : `Cannot connect to ${host}${shown}: check your network connection`,
  );
}
