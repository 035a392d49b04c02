/**
 * Texts of spec sections 5 and 8 that the account forms and the API both use, word for word.
 */
export const ADDRESS_MESSAGES = {
  firstnameRequired: 'First Name is required',
  lastnameRequired: 'Last Name is required',
  phoneRequired: 'Phone Number is required',
  phoneInvalid: 'Please enter a valid phone number',
  streetRequired: 'Street Address (Line 1) is required',
  cityRequired: 'City is required',
  postcodeRequired: 'Postal Code is required',
  postcodeInvalidUk: 'Please enter a valid UK postcode',
  countryRequired: 'Country is required',
  regionRequired: 'County/State/Province is required for the selected country',
  /** Not in the spec: a country the shop does not deliver to, or a region id not of the country. */
  countryUnsupported: 'We deliver to the United Kingdom and the United States only',
  regionInvalid: 'Please choose a County/State/Province from the list',
} as const;

export const ACCOUNT_MESSAGES = {
  requiredField: 'This is a required field.',
  emailInvalid: 'Please enter a valid email address.',
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid login credentials. Please check and try again.',
  forgotPasswordFailed: 'Request for forgot password failed.',
  invalidCaptcha: 'Invalid Captcha.',
  invalidResetToken: 'Your reset token is invalid.',
  passwordUpdated: 'You updated your password.',
  passwordRules: 'Password must be at least 8 characters long and contain both letters and digits.',
  passwordTooLong: 'Password must be at most 256 characters long.',
  emailTaken: 'There is already an account with this email address. Sign in or reset your password.',
  currentPasswordRequired: 'Enter your current password to change your email address or password.',
  currentPasswordWrong: 'The current password you entered is not correct.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  resetLinkSent: (email: string) =>
    `If there is an account associated with ${email} you will receive an email with a link to reset your password.`,
  registrationFailed: (message: string) => `Registration failed - ${message}`,
  updateFailed: (message: string) => `Update failed - ${message}`,
} as const;

export const ORDER_MESSAGES = {
  notFound: "Order not found or you're not authorized to view it.",
} as const;
