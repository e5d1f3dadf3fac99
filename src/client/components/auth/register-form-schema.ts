import { z } from "zod";
import { dateOfBirthInput } from "../../../shared/schemas/account";
import { registerInput } from "../../../shared/schemas/auth";

/**
 * The web form asks for the date of birth up front (only adults may enter), although the REST
 * contract keeps it optional for older clients: the same schema, with that one field required.
 */
export const registerFormInput = registerInput.safeExtend({
  dateOfBirth: z.string({ error: "Please enter your date of birth" }).trim().min(1, "Please enter your date of birth").pipe(dateOfBirthInput.shape.dateOfBirth),
});
