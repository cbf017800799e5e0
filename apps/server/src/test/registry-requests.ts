/** Test helper: a request to any registry operation, its path filled with placeholder ids. */
import { fillPath, type OperationSpec, pathParamNames } from "@portfolio/core/domain";
import type { TestClient } from "@portfolio/testing/server/test-server.ts";

export function placeholderPath(spec: OperationSpec, value = "00000000-0000-4000-8000-000000000000"): string {
  return fillPath(spec.path, Object.fromEntries(pathParamNames(spec.path).map((name) => [name, value])));
}

/** The path with `segment` put in as is, unencoded: the bytes an attacker sends, not what a client would make of them. */
export function rawPath(spec: OperationSpec, segment: string): string {
  return spec.path.replace(/\{\w+\}/g, segment);
}

export function callOperation(client: TestClient, spec: OperationSpec, body?: unknown, path = placeholderPath(spec)) {
  return client.request<{ error?: string }>(spec.method, path, spec.method === "GET" ? undefined : (body ?? {}));
}
