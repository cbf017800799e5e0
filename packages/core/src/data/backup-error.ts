/** A refusal of a backup or a restore, with a message meant for the person running the command. */
export class BackupError extends Error {
  override name = "BackupError";
}
