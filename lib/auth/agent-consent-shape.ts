// What the consent page shows (lib/auth/agent-consent.ts), in a file the page's client form may import.
export type ConsentRequest =
  | { ok: false; message: string }
  | {
      ok: true;
      client: { id: string; name: string; uri: string | null };
      /** Where the agent receives the grant: the host a person can recognise (a local port, a vendor). */
      redirectTo: string;
      /** What the agent asked for, in words. */
      abilities: string[];
      resource: string | null;
      person: { name: string; email: string | null; role: string };
    };
