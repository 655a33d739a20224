/** Every read of the inbox (the list and the bell's count) is under this key, so answering refreshes both. */
export const receivedSurveysKeyRoot = ['/api/surveys/received/me'] as const;

/** The inbox list's own key: the bell's count refreshes it when a survey arrives, without loading the list's code. */
export const receivedSurveysListKey = [...receivedSurveysKeyRoot, 'all'] as const;
