import type { FastifyInstance } from 'fastify';

/** A signed-in test customer: its token headers and its code. */
export interface TestCustomer {
  email: string;
  code: string;
  headers: Record<string, string>;
}

let counter = 0;

/** A real city and ZIP of a state the tests sign buyers up in; any other state gets Alabama's (its code is what those tests look at). */
const ADDRESSES: Record<string, { city: string; zip: string }> = {
  CA: { city: 'Fresno', zip: '93706' },
  AL: { city: 'Mobile', zip: '36602' },
  NY: { city: 'New York', zip: '10001' },
};
const addressIn = (state: string) => ADDRESSES[state] ?? ADDRESSES.AL!;

/**
 * Signs a customer up and in through the accounts API (the front door), billing address in
 * `state`. Each customer comes from its own address so the sign-up and sign-in limits never interfere.
 */
export async function signUpCustomer(app: FastifyInstance, state = 'CA', name = 'buyer'): Promise<TestCustomer> {
  const n = ++counter;
  const email = `${name}${n}.${process.pid}@example.com`;
  const password = 'balloons123';
  const remoteAddress = `10.${(n >> 8) & 255}.${n & 255}.7`;
  const signUp = await app.inject({
    method: 'POST',
    url: '/beapi/Customer/NewAccount',
    remoteAddress,
    payload: {
      orgName: `Party Shop ${n}`,
      firstName: 'Pat',
      lastName: `Buyer${n}`,
      country: 'US',
      addressLine1: '1 Main St',
      city: addressIn(state).city,
      state,
      zip: addressIn(state).zip,
      dayPhone: '555-0100',
      email,
      password,
      reenterPassword: password,
      securityQuestion: 'First pet?',
      securityQuestionAnswer: 'Rex',
    },
  });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/beapi/System/Login',
    payload: { username: email, password },
    remoteAddress,
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { email, code: login.json().code, headers: { 'user-token': String(login.headers['user-token']) } };
}

/** Adds a ship-to address for the customer; answers its code. */
export async function addShipTo(app: FastifyInstance, c: TestCustomer, state: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/beapi/Customer/NewShipto',
    headers: c.headers,
    payload: {
      orgName: `Branch ${state}`,
      firstName: 'Sam',
      lastName: 'Receiver',
      country: 'US',
      addressLine1: '9 Dock Rd',
      city: state === 'AL' ? 'Mobile' : 'Somewhere',
      state,
      zip: state === 'AL' ? '36602' : '10001',
      dayPhone: '555-0199',
    },
  });
  if (res.statusCode !== 201) throw new Error(`NewShipto failed: ${res.statusCode} ${res.body}`);
  return res.json().code;
}
