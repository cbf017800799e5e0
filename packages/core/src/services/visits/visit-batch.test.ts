/** Writing a batch leaves the process free to answer beacons between its statements (docs/design.md section 10). */
import { openTestDatabase } from "@portfolio/testing/data/test-database.ts";
import { expect, it } from "vitest";
import { counterWith } from "../../test/visit-beacons.ts";

/** Counts the turns of the event loop until `stop` is called. */
function turnCounter() {
  const state = { turns: 0, running: true };
  const turn = () => {
    state.turns++;
    if (state.running) setImmediate(turn);
  };
  setImmediate(turn);
  return state;
}

it("lets other work run between the statements of a large batch", async () => {
  const { db, close } = await openTestDatabase({});
  try {
    const counter = await counterWith(db, 3000);
    const loop = turnCounter();
    await counter.flush();
    loop.running = false;
    // 9,000 visitor rows in 250-row statements: the event loop had a turn after each of them.
    expect(loop.turns).toBeGreaterThanOrEqual(36);
  } finally {
    await close();
  }
});

it("lets other work run before the first statement of a large batch, while its rows are put in order", async () => {
  const { db, close } = await openTestDatabase({});
  try {
    const turnsAtStatement: number[] = [];
    let loop = { turns: 0, running: false };
    // Notes the turn count as each statement is answered (a plugin sees the result of every query run).
    const watched = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (loop.running) turnsAtStatement.push(loop.turns);
        return args.result;
      },
    });
    const counter = await counterWith(watched, 3000);
    loop = turnCounter();
    await counter.flush();
    loop.running = false;
    expect(turnsAtStatement.length).toBeGreaterThan(0);
    expect(turnsAtStatement[0]).toBeGreaterThan(0);
  } finally {
    await close();
  }
});
