"use client";

// The people page, for admins: invite someone (a one-time password, or single sign-on only),
// change their role, disable them, sign them out everywhere, see and revoke their tokens.
import { Button } from "@/components/ui/button";
import { useState, type FormEvent, type ReactNode } from "react";
import { TokenList } from "@/components/auth/token-list";
import { useViewer } from "@/components/auth/viewer";
import { BUTTON_PRIMARY, INPUT, PANEL_SECTION } from "@/components/ui/classes";
import { useApiData } from "@/components/ui/use-api-data";
import { api } from "@/components/api/client";
import type { Person } from "@/lib/auth/people-shape";
import type { PersonalToken } from "@/lib/auth/personal-tokens-shape";
import { ROLE_LABELS, ROLE_SUMMARIES, ROLES, type Role } from "@/lib/domain/roles";
import { Cell, DataTable, Row, TEXT_BUTTON_FOCUS } from "@/components/ui/table";
import { ErrorNote } from "@/components/ui/error-note";

const loadPeople = async (): Promise<Person[]> => (await api("GET /api/people")).people;

export function PeoplePanel({ ssoName }: { ssoName: string | null }): ReactNode {
  const viewer = useViewer();
  const { data, error, act } = useApiData(loadPeople);
  const people = data ?? [];
  const [invite, setInvite] = useState({ email: "", name: "", role: "operator" as Role, password: "generate" as "generate" | "none" });
  const [invited, setInvited] = useState<{ email: string; password: string | null } | null>(null);
  const [openTokens, setOpenTokens] = useState<{ id: string; tokens: PersonalToken[] } | null>(null);

  const change = (person: Person, body: Partial<Pick<Person, "role" | "disabled">>): void =>
    void act(() => api("PATCH /api/people/:userId", { params: { userId: person.id }, body }));

  const showTokens = (person: Person): void =>
    void act(async () => {
      if (openTokens?.id === person.id) return setOpenTokens(null);
      const { tokens } = await api("GET /api/people/:userId/tokens", { params: { userId: person.id } });
      setOpenTokens({ id: person.id, tokens });
    });

  const submitInvite = (event: FormEvent): void => {
    event.preventDefault();
    void act(async () => {
      const answer = await api("POST /api/people", {
        body: { ...invite, name: invite.name || undefined },
      });
      setInvited({ email: answer.person.email, password: answer.password });
      setInvite((i) => ({ ...i, email: "", name: "" }));
    });
  };

  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 sm:px-8 py-6">
      <div>
        <h1 className="text-lg font-semibold tracking-tight">People</h1>
        <p className="text-[13px] text-muted">
          {ROLES.map((role) => (
            <span key={role} className="mr-3">
              <b className="font-medium text-zinc-700 dark:text-zinc-300">{ROLE_LABELS[role]}</b>: {ROLE_SUMMARIES[role]}
            </span>
          ))}
        </p>
      </div>
      <ErrorNote message={error} />
      <section className={PANEL_SECTION}>
        <h2 className="text-sm font-semibold">Invite someone</h2>
        <form onSubmit={submitInvite} className="mt-3 flex flex-wrap items-end gap-3" data-testid="invite">
          <label className="text-[13px]">
            <span className="mb-1 block font-medium">Email</span>
            <input
              type="email"
              value={invite.email}
              onChange={(e) => setInvite((i) => ({ ...i, email: e.target.value }))}
              className={`${INPUT} w-64`}
              aria-label="Email"
            />
          </label>
          <label className="text-[13px]">
            <span className="mb-1 block font-medium">Name</span>
            <input
              value={invite.name}
              onChange={(e) => setInvite((i) => ({ ...i, name: e.target.value }))}
              className={`${INPUT} w-48`}
              aria-label="Name"
            />
          </label>
          <label className="text-[13px]">
            <span className="mb-1 block font-medium">Role</span>
            <select
              value={invite.role}
              onChange={(e) => setInvite((i) => ({ ...i, role: e.target.value as Role }))}
              className={`${INPUT} w-32`}
              aria-label="Role"
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-[13px]">
            <span className="mb-1 block font-medium">Signs in with</span>
            <select
              value={invite.password}
              onChange={(e) => setInvite((i) => ({ ...i, password: e.target.value as "generate" | "none" }))}
              className={`${INPUT} w-48`}
              aria-label="Signs in with"
            >
              <option value="generate">a one-time password</option>
              {ssoName && <option value="none">{ssoName} only</option>}
            </select>
          </label>
          <Button type="submit" isDisabled={!invite.email} className={BUTTON_PRIMARY}>
            Invite
          </Button>
        </form>
        {invited && (
          <div
            data-testid="invited"
            className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-[13px] dark:border-emerald-900 dark:bg-emerald-950/40"
          >
            {invited.password ? (
              <>
                Give {invited.email} this one-time password (it is not shown again):{" "}
                <code data-testid="invited-password" className="rounded bg-white px-1.5 py-0.5 font-mono dark:bg-zinc-900">
                  {invited.password}
                </code>
              </>
            ) : (
              <>
                {invited.email} can now sign in with {ssoName}.
              </>
            )}
          </div>
        )}
      </section>

      <section className={PANEL_SECTION}>
        <DataTable
          label="People"
          columns={["Person", "Role", "Signs in with", "Groups", "Sessions", "Status", ""]}
          caps
          testId="people"
          bodyClassName="divide-y divide-zinc-100 dark:divide-zinc-900"
        >
          {people.map((person) => {
            const self = person.id === viewer?.person?.id;
            return (
              <Row key={person.id} data-testid={`person-${person.email}`} className={person.disabled ? "text-muted" : ""}>
                <Cell className="py-2 pr-3">
                  <div className="font-medium">{person.name}</div>
                  <div className="text-xs text-muted">{person.email}</div>
                </Cell>
                <Cell className="py-2 pr-3">
                  {/* The select keeps its own arrow keys: the table's would move to the next row. */}
                  <select
                    onKeyDown={(e) => e.stopPropagation()}
                    aria-label={`Role of ${person.email}`}
                    value={person.role}
                    disabled={self}
                    onChange={(e) => change(person, { role: e.target.value as Role })}
                    className="rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-[13px] dark:border-zinc-700 dark:bg-zinc-900"
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                </Cell>
                <Cell className="py-2 pr-3 text-muted">
                  {person.signInMethods.map((m) => (m === "sso" ? (ssoName ?? "SSO") : m)).join(", ") || "—"}
                </Cell>
                <Cell className="py-2 pr-3 text-xs text-muted">{person.groups.join(", ") || "—"}</Cell>
                <Cell className="py-2 pr-3 text-muted">{person.activeSessions}</Cell>
                <Cell className="py-2 pr-3">{person.disabled ? "disabled" : "active"}</Cell>
                <Cell className="space-x-3 py-2 text-right text-xs whitespace-nowrap">
                  <Button
                    className={`text-indigo-600 hover:underline dark:text-indigo-400 ${TEXT_BUTTON_FOCUS}`}
                    aria-expanded={openTokens?.id === person.id}
                    onPress={() => showTokens(person)}
                  >
                    Tokens
                  </Button>
                  <Button
                    className={`text-indigo-600 hover:underline disabled:opacity-40 dark:text-indigo-400 ${TEXT_BUTTON_FOCUS}`}
                    isDisabled={person.activeSessions === 0}
                    onPress={() => void act(() => api("DELETE /api/people/:userId/sessions", { params: { userId: person.id } }))}
                  >
                    Sign out everywhere
                  </Button>
                  {!self && (
                    <Button
                      className={`text-rose-600 hover:underline ${TEXT_BUTTON_FOCUS}`}
                      onPress={() => change(person, { disabled: !person.disabled })}
                    >
                      {person.disabled ? "Enable" : "Disable"}
                    </Button>
                  )}
                </Cell>
              </Row>
            );
          })}
        </DataTable>
        {openTokens && (
          <section
            className="mt-3 rounded-md bg-zinc-50 px-3 py-3 dark:bg-zinc-900/40"
            aria-labelledby="person-tokens"
            data-testid="person-tokens"
          >
            <h2 id="person-tokens" className="mb-2 text-[13px] font-semibold">
              Personal tokens of {people.find((p) => p.id === openTokens.id)?.email ?? "this person"}
            </h2>
            <TokenList
              tokens={openTokens.tokens}
              onRevoke={(token) =>
                void act(async () => {
                  await api("DELETE /api/tokens/:tokenId", { params: { tokenId: token.id } });
                  const { tokens } = await api("GET /api/people/:userId/tokens", { params: { userId: openTokens.id } });
                  setOpenTokens({ id: openTokens.id, tokens });
                })
              }
            />
          </section>
        )}
      </section>
    </div>
  );
}
