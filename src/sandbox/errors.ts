import type { ErrorObject } from '@/api/schemas/error-object';

/** Standard reason phrases (RFC 9110, RFC 6585) for the statuses the sandbox sends. */
const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusTitle(status: number): string {
  return titles[status] ?? 'Error';
}

/** The interface's 500 rule (section 7): the message tells the client to try again later. */
export const INTERNAL_ERROR_MESSAGE = 'Erro interno. Tente novamente mais tarde.';

/** The interface's Error object (section 2.6), statusCode always equal to the HTTP status. */
export function errorObject(status: number, message: string): ErrorObject {
  return { message, error: statusTitle(status), statusCode: status };
}
