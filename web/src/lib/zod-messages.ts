import { ZodIssueCode, type ZodErrorMap } from 'zod';

/**
 * Friendlier wording for the issues the API's schemas raise, used when the same schemas
 * validate a form in the browser. The API keeps zod's wording in its own responses.
 */
export const formErrorMap: ZodErrorMap = (issue, ctx) => {
  switch (issue.code) {
    case ZodIssueCode.invalid_type:
      if (issue.received === 'undefined' || issue.received === 'null') return { message: 'Required' };
      break;
    case ZodIssueCode.too_small:
      if (issue.type === 'string') return { message: issue.minimum === 1 ? 'Required' : `Use at least ${issue.minimum} characters` };
      if (issue.type === 'array') return { message: `Choose at least ${issue.minimum}` };
      break;
    case ZodIssueCode.too_big:
      if (issue.type === 'string') return { message: `Use at most ${issue.maximum} characters` };
      break;
    case ZodIssueCode.invalid_string:
      if (issue.validation === 'email') return { message: 'Enter a valid email address' };
      if (issue.validation === 'url') return { message: 'Enter a valid URL' };
      break;
  }
  return { message: ctx.defaultError };
};
