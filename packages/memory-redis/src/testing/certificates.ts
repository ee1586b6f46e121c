import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface TestCertificates {
  /** The CA's certificate (PEM), for clients: `tls: { ca }` or NODE_EXTRA_CA_CERTS. */
  readonly ca: string;
  readonly caFile: string;
  readonly certFile: string;
  readonly keyFile: string;
}

/**
 * A throw-away CA and a server certificate for 127.0.0.1 and localhost, made with the
 * openssl command (Debian's openssl package) in `directory`. Valid for two days.
 */
export function makeCertificates(directory: string): TestCertificates {
  const path = (name: string) => join(directory, name);
  const openssl = (...args: string[]) => {
    try {
      execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        throw new Error(
          "openssl is not installed: the TLS tests need it (Debian: apt-get install openssl)",
        );
      }
      throw error;
    }
  };
  const key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl(
    "req",
    "-x509",
    ...key,
    "-keyout",
    path("ca.key"),
    "-out",
    path("ca.crt"),
    "-days",
    "2",
    "-subj",
    "/CN=langchain-mini test CA",
  );
  openssl(
    "req",
    ...key,
    "-keyout",
    path("server.key"),
    "-out",
    path("server.csr"),
    "-subj",
    "/CN=127.0.0.1",
  );
  writeFileSync(path("san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  openssl(
    ...["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.crt"), "-CAkey", path("ca.key")],
    ...["-CAcreateserial", "-out", path("server.crt"), "-days", "2", "-extfile", path("san.ext")],
  );
  return {
    ca: readFileSync(path("ca.crt"), "utf8"),
    caFile: path("ca.crt"),
    certFile: path("server.crt"),
    keyFile: path("server.key"),
  };
}
