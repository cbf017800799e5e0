/** Statements built once and run again with new values (the audit chain's and the version rows'). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestCore, type TestCore } from "@portfolio/testing/core/test-core.ts";
import { runReused, runReusedRows, slotRow } from "./reused-statement.ts";

let core: TestCore;
beforeEach(async () => {
  core = await createTestCore();
});
afterEach(async () => {
  await core.close();
});

const COLUMNS = ["key", "value"] as const;
const insertSetting = (key: string, value: string) =>
  runReused(core.db, "test: one setting", (slot) => core.db.insertInto("settings").values(slotRow(COLUMNS, slot)), { key, value });

describe("a reused statement", () => {
  it("binds new values each time it runs, constants kept as they were built", async () => {
    await insertSetting("reused_a", "1");
    await insertSetting("reused_b", "2");
    const read = (key: string) =>
      runReused(
        core.db,
        "test: a setting's value",
        (slot) => core.db.selectFrom("settings").select("value").where("key", "=", slot("key")).where("value", "!=", "never"),
        { key },
      );
    expect((await read("reused_a")).rows).toEqual([{ value: "1" }]);
    expect((await read("reused_b")).rows).toEqual([{ value: "2" }]);
  });

  it("refuses to run without a value for one of its slots, naming it", async () => {
    await expect(
      runReused(core.db, "test: one setting", (slot) => core.db.insertInto("settings").values(slotRow(COLUMNS, slot)), { key: "x" }),
    ).rejects.toThrow('No value for value in the statement "test: one setting".');
  });
});

describe("a reused statement of many rows", () => {
  const insertSettings = (rows: { key: string; value: string }[]) =>
    runReusedRows(core.db, "test: two settings", COLUMNS, rows, (values) =>
      core.db.insertInto("settings").values(values).returning(["key", "value"]),
    );

  it("binds each row's values where the statement built once put them", async () => {
    await insertSettings([
      { key: "rows_a", value: "1" },
      { key: "rows_b", value: "2" },
    ]);
    const second = await insertSettings([
      { value: "4", key: "rows_d" },
      { key: "rows_c", value: "3" },
    ]);
    expect(second.rows).toEqual([
      { key: "rows_d", value: "4" },
      { key: "rows_c", value: "3" },
    ]);
    const stored = await core.db.selectFrom("settings").select(["key", "value"]).where("key", "like", "rows_%").orderBy("key").execute();
    expect(stored.map((row) => `${row.key}=${row.value}`)).toEqual(["rows_a=1", "rows_b=2", "rows_c=3", "rows_d=4"]);
  });
});
