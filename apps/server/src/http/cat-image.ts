/** `GET /api/cat-of-the-day/image`: a redirect to today's picture, the same cat as the JSON answer's. */
import { Unavailable } from "@portfolio/core/domain";
import type { CatOfTheDayService } from "@portfolio/core/services";
import type { RequestHandler } from "express";

export function catImageHandler(cats: () => Pick<CatOfTheDayService, "today"> | undefined): RequestHandler {
  return async (_req, res, next) => {
    try {
      const service = cats();
      if (!service) throw new Unavailable("The cat of the day is not available here.");
      const cat = await service.today();
      // Asked again on every use: the picture changes at midnight UTC.
      res.set("Cache-Control", "no-cache");
      res.redirect(302, cat.url);
    } catch (error) {
      next(error);
    }
  };
}
