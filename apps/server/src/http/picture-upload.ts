/**
 * How `POST /api/projects/{id}/pictures` takes in its multipart/form-data body (docs/security.md, promise 27:
 * nothing is parsed before the caller is known), each step before the next costs anything:
 *
 * 1. the caller and the policy: a caller who may not edit projects is answered (401, 403) before a byte of
 *    the body is read (the rest is discarded up to the limit: http/early-answer.ts);
 * 2. a body announced larger than the picture limit and its form fields is a 413 at once;
 * 3. busboy streams the parts: one `file` (a second file, or a file over 15 MB, is refused while reading),
 *    `alt` and `caption` of at most a few KB; the body then reaches the operation's schema like any other.
 */
import { Invalid, MAX_PICTURE_BYTES, type OperationName, PICTURE_MESSAGES, TooLarge } from "@portfolio/core/domain";
import { assertAction } from "@portfolio/core/operations";
import busboy from "busboy";
import type { RequestHandler } from "express";
import type { AppContext } from "../app-context.ts";
import { announcedWithin, deliverEarlyAnswers } from "./early-answer.ts";
import { actorOf } from "./session-cookie.ts";

/** The form's text fields and the multipart framing around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
export const PICTURE_UPLOAD_BODY_LIMIT = MAX_PICTURE_BYTES + FORM_OVERHEAD_BYTES;

export const MULTIPART_REQUIRED = "Send the picture as multipart/form-data with a file field.";

/** 401 or 403 before the body is read, as the operation itself would answer. */
function mayCall(app: AppContext, name: OperationName): RequestHandler {
  return async (req, _res, next) => {
    try {
      assertAction(await actorOf(app.core, req), name);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Reads the form into `req.body`: `file` as bytes, the text fields as strings. */
const readPictureForm: RequestHandler = (req, _res, next) => {
  if (!req.is("multipart/form-data")) return next(new Invalid(MULTIPART_REQUIRED));
  let form: busboy.Busboy;
  try {
    form = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: MAX_PICTURE_BYTES, fields: 8, fieldSize: 4096, parts: 10 },
    });
  } catch {
    return next(new Invalid(MULTIPART_REQUIRED));
  }
  const body: Record<string, unknown> = {};
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
  };
  form.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(new Invalid(`The form field ${name} is too long.`));
    else body[name] = value;
  });
  form.on("file", (name, stream) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("limit", () => fail(new TooLarge(PICTURE_MESSAGES.tooLarge)));
    stream.on("close", () => {
      body[name] = new Uint8Array(Buffer.concat(chunks));
    });
  });
  form.on("filesLimit", () => fail(new Invalid("Send one picture per request.")));
  form.on("fieldsLimit", () => fail(new Invalid("The form has too many fields.")));
  form.on("partsLimit", () => fail(new Invalid("The form has too many parts.")));
  form.on("error", () => fail(new Invalid(MULTIPART_REQUIRED)));
  form.on("close", () => {
    if (failure) return next(failure);
    req.body = body;
    next();
  });
  req.pipe(form);
};

const tooLarge = () => new TooLarge(PICTURE_MESSAGES.tooLarge);

export function pictureUploadIntake(app: AppContext): RequestHandler[] {
  return [
    deliverEarlyAnswers(PICTURE_UPLOAD_BODY_LIMIT),
    mayCall(app, "projects.pictures.add"),
    announcedWithin(PICTURE_UPLOAD_BODY_LIMIT, tooLarge),
    readPictureForm,
  ];
}
