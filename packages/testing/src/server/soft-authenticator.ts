/**
 * A software passkey authenticator for API tests: makes the WebAuthn answers a browser would send
 * (none attestation, ES256, user present and verified), the outer edge the server's WebAuthn library checks.
 * Browser tests use Chromium's own virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

type Json = Record<string, unknown>;
const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  /** Off: the user cannot be verified (no PIN or fingerprint), as on a plain security key. */
  userVerified = true;

  constructor(readonly origin: string) {}

  /** The answer to `navigator.credentials.create()` for the server's registration options. */
  register(options: Json): Json {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const id = randomBytes(16);
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const authData = Buffer.concat([this.header(rp.id, 0x40, 0), Buffer.alloc(16), length, id, Buffer.from(cose)]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    this.credentials.push({ id, privateKey, userHandle: user.id, rpId: rp.id, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key",
      response: {
        clientDataJSON: this.clientData("webauthn.create", options.challenge as string),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The answer to `navigator.credentials.get()`: the newest passkey (or one the options allow). */
  authenticate(options: Json, credential = this.pick(options)): Json {
    credential.counter += 1;
    const authData = this.header(credential.rpId, 0, credential.counter);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge as string);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, "base64url"))]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  private pick(options: Json): Credential {
    const allowed = ((options.allowCredentials as { id: string }[] | undefined) ?? []).map((c) => c.id);
    const found = [...this.credentials].reverse().find((c) => allowed.length === 0 || allowed.includes(b64url(c.id)));
    if (!found) throw new Error("No passkey on this authenticator fits the request.");
    return found;
  }

  /** rpIdHash, flags (user present, verified unless turned off, plus `extra`), signature counter. */
  private header(rpId: string, extra: number, counter: number): Buffer {
    const flags = 0x01 | (this.userVerified ? 0x04 : 0) | extra;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string): string {
    return b64url(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }
}
