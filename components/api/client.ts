// The browser's one way to Toolscope's JSON API: a route named as "METHOD /pattern", its path
// parameters filled in and encoded, and its answer typed by the route handler's own return type
// (lib/http/respond.ts's JsonAnswer), so no call site states, or guesses, what comes back.
import { fetchJson } from "@/lib/client/fetch-json";
import type { Method } from "@/lib/http/api-routes";
import type { JsonAnswer } from "@/lib/http/respond";
import type { RouteModules } from "./route-modules";

type Pattern = keyof RouteModules;
type MethodsOf<P extends Pattern> = keyof RouteModules[P] & Method;

/**
 * The JSON routes no Next handler serves, with the answers their servers document: better-auth's
 * (single sign-on's first leg, an agent's consent) and the front door's JSON-RPC console, whose
 * answer is whatever the target server said.
 */
type OtherRoutes = {
  "POST /api/auth/sign-in/social": { url: string; redirect: boolean };
  "POST /api/auth/oauth2/consent": { url?: string; redirect_uri?: string };
  "POST /api/servers/:serverId/rpc": unknown;
};

type NextRoute = { [P in Pattern]: `${MethodsOf<P>} ${P}` }[Pattern];

/** Every JSON route and method of the API, as "GET /api/servers/:serverId". */
export type ApiRoute = NextRoute | keyof OtherRoutes;

type Split<R extends NextRoute> = R extends `${infer M extends Method} ${infer P extends Pattern}` ? [M, P] : never;
type HandlerOf<R extends NextRoute> = RouteModules[Split<R>[1]][Split<R>[0] & keyof RouteModules[Split<R>[1]]];
type PathOf<R extends ApiRoute> = R extends `${Method} ${infer P}` ? P : never;

/** What a route answers when it succeeds: the body its handler's `respond` returns. */
export type ApiAnswer<R extends ApiRoute> = R extends keyof OtherRoutes
  ? OtherRoutes[R]
  : R extends NextRoute
    ? HandlerOf<R> extends (...args: never[]) => Promise<infer A>
      ? A extends JsonAnswer<infer T>
        ? T
        : unknown
      : unknown
    : never;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Query = URLSearchParams | Record<string, string | number | boolean | null | undefined>;

type Options<R extends ApiRoute> = {
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
} & ([ParamNames<PathOf<R>>] extends [never] ? { params?: undefined } : { params: Record<ParamNames<PathOf<R>>, string> });

type Args<R extends ApiRoute> = [ParamNames<PathOf<R>>] extends [never] ? [options?: Options<R>] : [options: Options<R>];

/** The URL of a route with its parameters filled in (each encoded as one path segment) and its query. */
export function apiUrl(pattern: string, params: Record<string, string> = {}, query?: Query): string {
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  if (!query) return path;
  const search =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query)
            .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null)
            .map(([key, value]) => [key, String(value)]),
        );
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls a route of Toolscope's API; a failure throws lib/client/fetch-json.ts's ApiError. */
export function api<R extends ApiRoute>(route: R, ...[options]: Args<R>): Promise<ApiAnswer<R>> {
  const space = route.indexOf(" ");
  const method = route.slice(0, space);
  const url = apiUrl(route.slice(space + 1), options?.params, options?.query);
  return fetchJson<ApiAnswer<R>>(url, {
    method,
    signal: options?.signal,
    headers: options?.headers,
    body: options?.body === undefined ? undefined : JSON.stringify(options.body),
  });
}
