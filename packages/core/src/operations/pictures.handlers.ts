/** Project pictures: thin over core/services/pictures (the slow processing outside the one transaction). */
import { addPreparedPicture, knownPictures, preparePicture } from "../services/pictures.service.ts";
import type { Handlers } from "./context.ts";
import { inTransaction } from "./unit-of-work.ts";

export const pictureHandlers = {
  "projects.pictures.add": async ({ core, actor }, { id, ...upload }) => {
    const processed = await preparePicture(core, actor, id, upload);
    return inTransaction(core, false, (trx) => addPreparedPicture(trx, actor, id, processed, upload));
  },
  "pictures.known": async ({ core, actor }, { hashes }) => ({ pictures: await knownPictures(core, actor, hashes) }),
} satisfies Partial<Handlers>;
