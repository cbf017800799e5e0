/**
 * The Users tab's search box (username or e-mail prefix, searched as you type) and its role and status
 * filters. Arrow Down in the search box moves into the table, so the keyboard goes from a search to its
 * answers without tabbing through the filters.
 */
import type { UserRoleFilter, UserStatusFilter } from "@portfolio/core/domain";
import { type KeyboardEvent, useId } from "react";
import { INPUT_CLASSES } from "../../components/FormField.tsx";
import type { RoleSet } from "../user-editor.ts";
import { roleFilterOptions, STATUS_FILTER_OPTIONS, type UsersFilter } from "./users-list.ts";

const LABEL = "mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300";

export function UsersToolbar({
  search,
  filter,
  roles,
  busy,
  onSearch,
  onFilter,
  onLeaveSearch,
}: {
  /** The search box as typed (the search itself follows after a short pause). */
  search: string;
  filter: UsersFilter;
  roles: RoleSet;
  /** A search or a page is on its way. */
  busy: boolean;
  onSearch: (text: string) => void;
  onFilter: (change: Partial<Pick<UsersFilter, "role" | "status">>) => void;
  /** Arrow Down in the search box: focus the first row. */
  onLeaveSearch: () => void;
}) {
  const id = useId();
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    onLeaveSearch();
  };
  return (
    <search className="flex flex-wrap items-end gap-3" aria-label="Find users">
      <div className="w-full sm:w-72">
        <label htmlFor={`${id}-q`} className={LABEL}>
          Search
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          onKeyDown={keyDown}
          placeholder="Username or e-mail"
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          aria-describedby={`${id}-hint`}
          className={`${INPUT_CLASSES} h-10 text-sm`}
          data-testid="users-search"
        />
        <span id={`${id}-hint`} className="sr-only">
          Finds users whose username or e-mail starts with what you type. Arrow Down moves to the results.
        </span>
      </div>
      <div className="min-w-0 flex-1 sm:w-48 sm:flex-none">
        <label htmlFor={`${id}-role`} className={LABEL}>
          Role
        </label>
        <select
          id={`${id}-role`}
          value={filter.role}
          onChange={(e) => onFilter({ role: e.target.value as UserRoleFilter | "" })}
          className={`${INPUT_CLASSES} h-10 text-sm`}
          data-testid="users-role-filter"
        >
          {roleFilterOptions(roles).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 flex-1 sm:w-56 sm:flex-none">
        <label htmlFor={`${id}-status`} className={LABEL}>
          Status
        </label>
        <select
          id={`${id}-status`}
          value={filter.status}
          onChange={(e) => onFilter({ status: e.target.value as UserStatusFilter | "" })}
          className={`${INPUT_CLASSES} h-10 text-sm`}
          data-testid="users-status-filter"
        >
          {STATUS_FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {/* Said to screen readers; the table shows it by dimming its rows (aria-busy). */}
      <p role="status" className="sr-only">
        {busy ? "Loading users…" : ""}
      </p>
    </search>
  );
}
