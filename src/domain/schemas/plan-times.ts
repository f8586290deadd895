// The plan's period times (the plan settings): a wall-clock time 'HH:MM' for each of
// morning, noon, evening and night, in the course of the day (each later than the one before;
// the server's CHECKs hold the same). The error of an order goes to the later field: that is
// the one the patient just moved past its neighbour.
import * as v from 'valibot';
import { formObject } from './fields';
import { limits } from './limits';
import { msg } from './messages';

const timeField = v.pipe(v.string(msg.required), v.trim(), v.nonEmpty(msg.required), v.regex(limits.timeOfDay, msg.timeOfDay));

type Field = 'morning_time' | 'noon_time' | 'evening_time' | 'night_time';

const isTime = (value: string): boolean => limits.timeOfDay.test(value);

/**
 * `later` comes after `earlier` in the day ('HH:MM' with two-digit hours compares as text);
 * judged only when both are times (a malformed one has its own message).
 */
type Times = { [K in Field]: string };

const after = (earlier: Field, later: Field) =>
  v.forward<Times, v.PartialCheckIssue<Times>, [Field]>(
    v.partialCheck([[earlier], [later]], (input) => !isTime(input[earlier]) || !isTime(input[later]) || input[earlier] < input[later], msg.timeOrder),
    [later],
  );

export const planTimesSchema = v.pipe(
  formObject({ morning_time: timeField, noon_time: timeField, evening_time: timeField, night_time: timeField }),
  after('morning_time', 'noon_time'),
  after('noon_time', 'evening_time'),
  after('evening_time', 'night_time'),
);

export type PlanTimesOutput = v.InferOutput<typeof planTimesSchema>;
