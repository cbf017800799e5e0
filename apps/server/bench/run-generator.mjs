// Runs one load generator as a child process (tracked, so the bench's cleanup stops it) and reads its summary
// from what it printed: the part run-wrk.mjs and run-autocannon.mjs share.
import { spawn } from "node:child_process";
import { trackChild } from "./cleanup.mjs";

/**
 * Resolves with `read(stdout)`; rejects with the generator's last output when it exits with a failure or its
 * summary cannot be read.
 * @template T
 * @param {string} name the generator's name, for error messages
 * @param {string} command
 * @param {string[]} args
 * @param {(stdout: string) => T} read
 * @returns {Promise<T>}
 */
export function runGenerator(name, command, args, read) {
  return new Promise((resolve, reject) => {
    const child = trackChild(spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] }));
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code !== 0) {
        reject(new Error(`${name} exited with ${signal ?? `code ${code}`}\n${stderr}${stdout.slice(-2000)}`));
        return;
      }
      try {
        resolve(read(stdout));
      } catch (error) {
        reject(new Error(`could not read ${name}'s summary: ${error.message}\n${stdout.slice(-2000)}`));
      }
    });
  });
}
