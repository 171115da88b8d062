import type { Order, OrderBy } from './constants.ts';

/** Every 4xx/5xx answer of both services. `field` names the input at fault, where there is one. */
export interface ApiError {
  message: string;
  field?: string;
}

/** One ad in list shape (specification section 3, plus make, model and the image count for cards). */
export interface CarListItem {
  id: number;
  title: string;
  year: number;
  transmission: string;
  fuel: string;
  price: number;
  created: string;
  milage: number;
  hp: number;
  make: string;
  model: string;
  imageCount: number;
  /** Grows when the owner replaces the photos; part of the photo URLs so immutable caching stays right. */
  imageVersion: number;
}

/** One ad with every read field. */
export interface Car extends CarListItem {
  description: string;
  color: string;
  type: string;
  drivetrain: string;
  user: string;
}

export interface CarFilters {
  searchterm?: string;
  make?: string;
  model?: string;
  trans?: string;
  fuel?: string;
  type?: string;
  color?: string;
  drivetrain?: string;
  priceMin?: number;
  priceMax?: number;
  yearMin?: number;
  yearMax?: number;
  milageMax?: number;
}

export interface CarListQuery extends CarFilters {
  start?: number;
  end?: number;
  orderBy?: OrderBy;
  order?: Order;
}

export interface CreatedCar {
  id: number;
}

export interface SavedToggle {
  saved: boolean;
}

/** `GET /002/2001`: the makes, alphabetical. */
export interface Make {
  id: number;
  name: string;
}

/** `GET /002/2002?make=`: the models of one make, alphabetical. */
export interface Model {
  id: number;
  name: string;
}

/** `GET /user` (bearer). */
export interface CurrentUser {
  username: string;
  firstname: string;
  lastname: string;
  role: number;
  displayName: string;
}

/** `GET /user/username?username=`: never email, phone, address or password material. */
export interface PublicProfile {
  username: string;
  firstname: string;
  memberSince: string;
}

/** Registration body of `POST /user`. zipcode, countryCode and phone are digit strings. */
export interface RegistrationBody {
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  street: string;
  housenumber: string;
  zipcode: string;
  countryCode: string;
  phone: string;
  city: string;
}

export interface LoginBody {
  email: string;
  password: string;
}

export interface FeedbackBody {
  name: string;
  email: string;
  title: string;
  content: string;
}

/** Stored feedback as moderators and administrators read it (GET /feedback). */
export interface FeedbackItem extends FeedbackBody {
  id: number;
  /** The sender's username when they were logged in. */
  username: string | null;
  /** ISO 8601. */
  created: string;
  /** The moderator or administrator who marked it handled, or null while it is open. */
  handledBy: string | null;
  /** ISO 8601, when it was marked handled; null while it is open. */
  handledAt: string | null;
}

/** The user-details triple kept in local storage. */
export interface StoredUserDetails {
  username: string;
  firstname: string;
  lastname: string;
}
