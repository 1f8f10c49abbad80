/**
 * Every business constant of product-spec section 9, in one typed place.
 * Durations carry their unit in the name so no caller has to guess.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const DEFAULTS = {
  practiceId: 1,
  multiPractice: true,
  timezone: 'America/Toronto',
  scheduleScreenFallbackTimezone: 'America/Edmonton',
  timeSlotMinutes: 30,
  practiceHoursCacheMs: 30 * MINUTE_MS,
  timezoneCacheMs: 30 * MINUTE_MS,
  currency: 'USD',
  currencyLocale: 'en-US',
  appVersion: '1.0.0',
  theme: 'system',
} as const;

export const FEATURE_FLAGS = {
  ninjaMode: true,
  smartScheduling: true,
  advancedReporting: true,
  videoConsultations: false,
  mobileApp: false,
  apiV2: false,
  beta: false,
} as const;

export const REQUESTS = {
  throttleMaxPerWindow: 5,
  throttleWindowMs: 1000,
  throttleMaxDelayMs: 500,
  throttleDelayPerRecentMs: 100,
  staleTimeMs: 600_000,
  gcTimeMs: 300_000,
  queryRetries: 1,
  rateLimitedRetryDelayMs: 60_000,
  retryBaseDelayMs: 1000,
  retryMaxDelayMs: 30_000,
  mutationRetries: 1,
  mutationRetryDelayMs: 1000,
  configuredRetryAttempts: 2,
  networkTimeoutMs: 15_000,
  authCheckTimeoutMs: 10_000,
  rateLimitMax: 1000,
  rateLimitWindowMs: 15 * MINUTE_MS,
} as const;

export const STALE_TIMES_MS = {
  default: 60_000,
  appointments: 30_000,
  appointmentsScheduleScreen: MINUTE_MS,
  settings: 5 * MINUTE_MS,
  patients: 60_000,
  patientsListPage: 5 * MINUTE_MS,
  billing: 2 * MINUTE_MS,
  reports: 5 * MINUTE_MS,
  treatmentCodes: HOUR_MS,
  staff: 5 * MINUTE_MS,
  rooms: 5 * MINUTE_MS,
  roomsScheduleScreen: 10 * MINUTE_MS,
  notifications: 10_000,
  notificationsBell: 2 * MINUTE_MS,
  users: 15 * MINUTE_MS,
  patientQuickSearch: 5 * MINUTE_MS,
} as const;

export const SECURITY = {
  sessionTimeoutMs: HOUR_MS,
  tokenRefreshThresholdMs: 5 * MINUTE_MS,
  maxLoginAttempts: 5,
  lockoutMs: 15 * MINUTE_MS,
  passwordResetTimeoutMs: 30 * MINUTE_MS,
  twoFactorTimeoutMs: 5 * MINUTE_MS,
  minPasswordLength: 6,
  strengthLengthThreshold: 8,
  strengthMediumCriteria: 3,
  strengthStrongCriteria: 4,
} as const;

/**
 * Limits the spec leaves open, chosen to OWASP ASVS level 2. Not spec numbers: change them freely.
 */
export const HARDENING = {
  /** A session ends this long after sign-in, however active (ASVS 3.3.2). */
  sessionAbsoluteLifetimeMs: 12 * HOUR_MS,
  /**
   * Failed sign-ins per client address, checked before any password is hashed (a success gives its
   * attempt back, so a clinic's tablets behind one address signing in at 8:00 never count against it).
   */
  signInPerAddressMax: 100,
  signInPerAddressWindowMs: 15 * MINUTE_MS,
  /** Failures of one username from other, unlocked clients before each attempt waits (1 s, 2 s, 4 s …). */
  signInThrottleFreeFailures: 5,
  signInThrottleBaseDelayMs: 1000,
  signInThrottleMaxDelayMs: MINUTE_MS,
  /** A browser that signed in as a user stays trusted for that user this long. */
  trustedDeviceLifetimeMs: 180 * 24 * HOUR_MS,
} as const;

export const UPLOADS = {
  maxBytes: 10 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  documentTypes: ['application/pdf', 'text/plain', 'application/msword'],
  timeoutMs: 60_000,
} as const;

export const SCHEDULING = {
  defaultDurationMinutes: 30,
  minDurationMinutes: 30,
  maxDurationMinutes: 120,
  durationStepMinutes: 30,
  resizeStepMinutes: 30,
  resizeStepPx: 40,
  maxAdvanceBookingDays: 365,
  reminderLeadMinutes: 1440,
  scheduleViewDays: 7,
  autoConfirmationMs: HOUR_MS,
  waitlistTimeoutMs: 24 * HOUR_MS,
  rowHeightPx: {
    oneHour: 36,
    oneHourCompact: 32,
    thirtyMinutes: 40,
    thirtyMinutesCompact: 36,
  },
  compactRoomThreshold: 12,
  /** Column width by room count: the first entry whose maxRooms is not exceeded wins. */
  roomColumnWidths: [
    { maxRooms: 3, widthPx: 280 },
    { maxRooms: 5, widthPx: 220 },
    { maxRooms: 8, widthPx: 180 },
    { maxRooms: 12, widthPx: 140 },
    { maxRooms: 16, widthPx: 120 },
    { maxRooms: Number.POSITIVE_INFINITY, widthPx: 100 },
  ],
  maintenanceCardMinHeightPx: 30,
  providerPalette: [
    '#2563eb',
    '#16a34a',
    '#dc2626',
    '#9333ea',
    '#ea580c',
    '#0891b2',
    '#db2777',
    '#65a30d',
    '#4f46e5',
    '#b45309',
  ],
  priorityColours: { low: 'green', medium: 'yellow', high: 'orange', urgent: 'red' },
  highPriorityWords: ['emergency', 'pain', 'extraction', 'root canal'],
  mediumPriorityWords: ['filling', 'crown', 'cleaning'],
  absenceConfidence: { reassign: 0.9, nextDayReschedule: 0.8, roomChange: 0.7 },
  maxAbsenceSuggestions: 3,
  unavailableProviderNextAvailable: 'Tomorrow 9:00 AM',
  conflictPollingMs: 5000,
  suggestionToastMs: 3000,
  loginRedirectMs: 1000,
  validYearMin: 1900,
  validYearMax: 2100,
} as const;

export const CHECKOUT = {
  followUpDurationsMinutes: [15, 30, 45, 60, 90, 120],
  followUpDefaultDurationMinutes: 30,
  followUpDefaultTime: '09:00',
  recallPresets: [
    { key: 'cleaning', months: 6, weeks: 0, priority: 'medium' },
    { key: 'follow-up', months: 0, weeks: 2, priority: 'high' },
    { key: 'fluoride', months: 3, weeks: 0, priority: 'low' },
    { key: 'xray', months: 12, weeks: 0, priority: 'medium' },
  ],
  defaultRecallPriority: 'normal',
  expressNextAppointmentWeeks: [1, 2, 4, 8, 12, 24],
  expressNextAppointmentDefaultWeeks: 2,
  satisfactionMin: 1,
  satisfactionMax: 5,
  fullCheckoutSatisfaction: ['excellent', 'good', 'fair', 'poor'],
  surveyDefaultOn: true,
  surveyMethods: ['email', 'text'],
  waitingAreas: ['main', 'private', 'pediatric', 'operatory'],
  paymentMethods: ['cash', 'card', 'check', 'insurance', 'other'],
  wizardBooking: {
    providerId: 1,
    durationMinutes: 60,
    procedure: 'New Patient Consultation',
    status: 'scheduled',
    room: 'Room 1',
  },
  maintenanceDefaults: {
    startTime: '09:00',
    endTime: '10:00',
    priority: 'medium',
    maintenanceType: 'routine',
  },
} as const;

export const BILLING_AND_CLINICAL = {
  invoiceTermDays: 30,
  paymentRetries: 3,
  lateFeeGraceDays: 7,
  batchSize: 50,
  chartAutosaveMs: 30_000,
  imageUploadTimeoutMs: 2 * MINUTE_MS,
  treatmentPlanExpiryDays: 90,
  chartLockMs: 30 * MINUTE_MS,
} as const;

export const PROVINCES = ['ON', 'BC', 'AB', 'MB', 'SK', 'QC', 'NB', 'NS', 'PE', 'NL', 'YT', 'NT', 'NU'] as const;
export type Province = (typeof PROVINCES)[number];

export const PATIENTS = {
  searchDebounceMs: 300,
  searchMinChars: 2,
  searchMaxResults: 8,
  fuzzyThreshold: 0.3,
  fuzzyThresholdPatientsPage: 0.2,
  fuzzyThresholdDefault: 0.6,
  boostExact: 2,
  boostStart: 1.5,
  fetchLimit: 1000,
  pageSizes: [10, 20, 50, 100],
  defaultPageSize: 20,
  formSelectionPageSize: 5,
  ageMin: 0,
  ageMax: 120,
  provinces: PROVINCES,
} as const;

export const TOASTS = {
  defaultDurationMs: 5000,
  maxVisible: 1,
  removeDelayMs: 1_000_000,
  swipeDirection: 'right',
  swipeThresholdPx: 50,
  hotkey: 'F8',
  dismissOnOutsideClick: true,
  tooltipDelayMs: 700,
} as const;

export const ASSISTANT = {
  requestTimeoutMs: 20_000,
  suggestionDebounceMs: 300,
  sessionHistorySent: 5,
  historyStored: 10,
  guidanceCloseMs: 1500,
  stepAutoAdvanceMs: 500,
} as const;

export const APP = {
  authLoadingWarningMs: 15_000,
  serviceWorkerUpdateCheckMs: 30_000,
  loadingPlaceholderReloadMs: 3000,
} as const;
