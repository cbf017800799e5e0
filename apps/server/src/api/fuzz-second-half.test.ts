/**
 * docs/security.md, promises 24 and 28: the registry fuzz of `fuzz.test.ts` for the operations at odd places in
 * the registry, on a server of its own, so that the two halves run on both workers.
 */
import { OPERATION_NAMES } from "@portfolio/core/domain";
import { fuzzOperations } from "../test/registry-fuzz.ts";

fuzzOperations(OPERATION_NAMES.filter((_, index) => index % 2 === 1));
