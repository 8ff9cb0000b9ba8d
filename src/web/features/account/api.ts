import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Customer, customerSchema, emailAvailableSchema, messageSchema, shipToSchema, type ShipToInput, zipLookupSchema } from '../../../contract/accounts';
import { catalogListSchema } from '../../../contract/catalogs';
import { ERRORS } from '../../../contract/messages';
import { ApiError, apiRequest, apiSend, queryString, storedToken } from '../../lib/api-client';
import { setSessionToken, useSession } from '../../lib/session';
import { ACCOUNT_FAILURES as F } from './texts';

/** The account calls of spec §7 (and DESIGN.md §3 for the password reset). */

/** POST /System/Login with a JSON body (keeps the password out of URLs); the token comes back in a header. */
export async function signIn(email: string, password: string): Promise<{ customer: Customer; token: string }> {
  const { data, headers } = await apiSend('POST', '/System/Login', customerSchema, ERRORS.login.failed, { username: email, password });
  const token = headers.get('user-token');
  if (!token) throw new ApiError(500, ERRORS.login.serverError);
  return { customer: data, token };
}

/** Stores the token and the customer the login answered, so no second call is needed. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (token: string, customer: Customer) => {
      queryClient.setQueryData(['session', token], customer);
      setSessionToken(token);
    },
    [queryClient],
  );
}

/** The signed-in customer in full (the session holds the whole GetCustomerInfo answer). */
export function useCustomer(): Customer | null {
  return useSession().customer;
}

/** After a change: the answer replaces the customer (§4 Account update), then it is fetched again. */
export function useRefreshCustomer() {
  const queryClient = useQueryClient();
  return useCallback(
    async (customer?: Customer) => {
      if (customer) queryClient.setQueryData(['session', storedToken()], customer);
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
    [queryClient],
  );
}

export const validateNewEmail = (email: string) =>
  apiRequest('GET', `/Customer/ValidateNewEmail${queryString({ email })}`, emailAvailableSchema, ERRORS.unexpected);

export const validateZip = (zip: string) => apiRequest('GET', `/Customer/ValidateZip${queryString({ zip })}`, zipLookupSchema, ERRORS.customerCall);

export const createAccount = (form: unknown) => apiRequest('POST', '/Customer/NewAccount', customerSchema, ERRORS.signupFailed, form);

export const requestPasswordReset = (email: string) => apiRequest('POST', '/System/ForgotPassword', messageSchema, ERRORS.resetMailFailed, { email });

export const resetPassword = (body: { accessToken: string; newPassword: string; reenterPassword: string }) =>
  apiRequest('POST', '/System/ResetPassword', messageSchema, ERRORS.resetFailed, body);

export const updateBillingInfo = (code: string, form: unknown) =>
  apiRequest('PUT', `/Customer/updateAccount/${encodeURIComponent(code)}`, customerSchema, F.updateAccount, { ...(form as object), code });

export const updateEmail = (email: string) => apiRequest('PUT', `/Customer/UpdateEmail/${encodeURIComponent(email)}`, customerSchema, F.updateEmail);

/** POST /Customer/ConfirmPassword: the password again, so this session may change the email for 10 minutes (204). */
export const confirmPassword = (password: string) => apiRequest('POST', '/Customer/ConfirmPassword', null, F.confirmPassword, { password });

/** The pending email change (DESIGN.md §3): its link again, or no change after all. */
export const resendEmailChange = () => apiRequest('POST', '/Customer/ResendEmailChange', customerSchema, F.resendEmailChange);
export const cancelEmailChange = () => apiRequest('DELETE', '/Customer/EmailChange', customerSchema, F.cancelEmailChange);

export const updatePassword = (body: { oldPassword: string; newPassword: string; reenterPassword: string }) =>
  apiRequest('PUT', '/Customer/UpdatePassword', customerSchema, F.updatePassword, body);

export const updateSecurityQuestion = (body: { question: string; answer: string }) =>
  apiRequest('PUT', '/Customer/UpdateSecurityQuestion', customerSchema, F.updateSecurityQuestion, body);

export const setDefaultShipTo = (code: string) =>
  apiRequest('PUT', `/Customer/UpdateDefaultShipto?${new URLSearchParams({ shiptocode: code }).toString()}`, customerSchema, F.updateDefault);

export const deleteShipTo = (code: string) => apiRequest('DELETE', `/Customer/DeleteShipto${queryString({ shiptocode: code })}`, customerSchema, F.deleteAddress);

export const addShipTo = (form: Partial<ShipToInput>) => apiRequest('POST', '/Customer/NewShipto', shipToSchema, F.addShipTo, { ...form, code: '', contact: '' });

export const updateShipTo = (form: Partial<ShipToInput>) => apiRequest('PUT', '/Customer/UpdateShipto', shipToSchema, F.updateShipTo, form);

/** GET /System/GetCatalogs: a failure is only logged (spec §8). */
export function useCatalogs(enabled: boolean) {
  return useQuery({
    queryKey: ['catalogs'],
    enabled,
    retry: false,
    queryFn: async () => {
      try {
        return await apiRequest('GET', '/System/GetCatalogs', catalogListSchema, 'Failed to fetch catalogs');
      } catch (err) {
        console.error('Failed to fetch catalogs', err);
        throw err;
      }
    },
  });
}
