import { signUpSchema } from '../../src/contract/accounts';
import type { ShopContext } from '../../src/server/context';

/** Buyers for the fault scripts, signed up through the accounts service (`<prefix><i>@shop.test`). */
export async function signUpBuyers(ctx: ShopContext, count: number, prefix: string, password: string): Promise<{ id: number; email: string }[]> {
  const buyers: { id: number; email: string }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}${i}@shop.test`;
    const customer = await ctx.accounts.signUp(
      signUpSchema.parse({
        orgName: `Fault Party ${prefix}${i}`, firstName: 'Pat', lastName: 'Crash', country: 'US', addressLine1: '1 Main St', city: 'Fresno',
        state: 'CA', zip: '93706', dayPhone: '559-555-0100', web: '', email, password, reenterPassword: password,
        securityQuestion: 'Pet?', securityQuestionAnswer: 'Rex', findAPro: false, prodInfoEmail: false, prodInfoFax: false,
      }),
    );
    const row = await ctx.database.db.selectFrom('customers').select('id').where('code', '=', customer.code).executeTakeFirstOrThrow();
    buyers.push({ id: row.id, email });
  }
  return buyers;
}

/** Signs a buyer in over HTTP; answers the user-token. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/System/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
  const token = res.headers.get('user-token') ?? '';
  if (!token) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return token;
}
