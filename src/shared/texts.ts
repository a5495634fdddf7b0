/** Texts the server answers with; the client shows them as they come. */
export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'Username is already taken',
  signedOut: 'Please sign in to continue',
  termsRequired: 'Please accept the terms of service to continue',
  suspended: 'Your account has been suspended',
  crossOrigin: 'Cross-site requests are not allowed',
  notFound: 'Not found',
  categoryNotFound: 'Category not found',
  invalidJson: 'The request body is not valid JSON',
  tooLarge: 'The request is too large',
  tooManyRequests: 'Too many attempts. Please try again later.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;
