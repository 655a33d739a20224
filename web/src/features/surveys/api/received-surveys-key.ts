/** Every read of the inbox (the list and the bell's count) is under this key, so answering refreshes both. */
export const receivedSurveysKeyRoot = ['/api/surveys/received/me'] as const;
