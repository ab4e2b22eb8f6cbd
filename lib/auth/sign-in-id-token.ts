import "server-only";
// The ID token a person got from the company's identity provider when they signed in to Toolscope
// (single sign-on), for enterprise-managed authorization to target servers (lib/oauth). An ID
// token lives about an hour and the exchange refuses an expired one, so a token near its end is
// renewed first with the sign-in's refresh token, through better-auth (which stores the new one).
import { decodeJwt } from "jose";
import { database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { auth } from "./better-auth";
import { SSO_PROVIDER_ID } from "./sso-provider";

/** Renewed when it has less than this left: the exchange and the grant take a few seconds. */
const MARGIN_SECONDS = 60;

function expiresSoon(idToken: string): boolean {
  try {
    const exp = decodeJwt(idToken).exp;
    return exp !== undefined && exp - MARGIN_SECONDS <= Date.now() / 1000;
  } catch {
    return true;
  }
}

type RefreshApi = { refreshToken(input: { body: { accountId: string; userId: string } }): Promise<{ idToken?: string | undefined }> };

export async function signInIdToken(userId: string): Promise<string> {
  const db = await database();
  const account = await db
    .selectFrom("auth_account")
    .select(["id", "idToken", "refreshToken"])
    .where("userId", "=", userId)
    .where("providerId", "=", SSO_PROVIDER_ID)
    .executeTakeFirst();
  if (!account?.idToken)
    throw new AppError(
      "unauthorized:session",
      "This server takes your company sign-in: sign in to Toolscope with single sign-on, then try again.",
    );
  if (!expiresSoon(account.idToken)) return account.idToken;
  if (account.refreshToken) {
    try {
      // Typed by hand: single sign-on is optional, so its endpoints are not in the inferred type.
      const api = (await auth()).api as unknown as RefreshApi;
      const renewed = await api.refreshToken({ body: { accountId: account.id, userId } });
      if (renewed.idToken && !expiresSoon(renewed.idToken)) return renewed.idToken;
    } catch {
      // Refused or unreachable: the person signs in again (below).
    }
  }
  throw new AppError(
    "unauthorized:session",
    "Your company sign-in has expired and could not be renewed: sign out of Toolscope and sign in again, then try again.",
  );
}
