export const MONTH_NAMES: readonly string[] = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Words the command's grammar uses, never a patient's name (a roster of 10,000 has a Mark and a Will). */
export const COMMAND_WORDS: ReadonlySet<string> = new Set(
  (
    'mark book schedule reschedule move cancel find search lookup open show view display list pull pullup check ' +
    'checkin checkout noshow arrived arrive here came come show showed didnt never called call create add register ' +
    'new patient patients appointment appointments appt recall recalls reminder remind send text email sms forms form ' +
    'intake paperwork chart charting perio odontogram dental notes report reports go take switch change practice clinic ' +
    'location office ticket support help how family kids children together whole and her his their as is was a an the ' +
    'for with to from of on in at by up named any who what whats booked books free available availability slot slots ' +
    'opening openings earliest first next last spots time same day please pls can we you i me my our profile file ' +
    'record absent off sick vacation away out personal maintenance repair block room about born dob phone number ' +
    'rebook push bump put in make set medical history due overdue month months year years week weeks days ' +
    // Filler around a command: never part of a name.
    'need needs want wants wanna like would could should let lets just quick quickly also enter'
  ).split(' '),
);
