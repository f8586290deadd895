export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      caregiver_grants: {
        Row: {
          accepted_at: string | null
          alert_shows_names: boolean
          code_expires_at: string
          code_hash: string | null
          created_at: string
          helper_id: string | null
          helper_name: string | null
          id: string
          invited_email: string | null
          missed_dose_alert: boolean
          patient_id: string
          patient_name: string | null
          revoked_at: string | null
          revoked_by: string | null
          rights: string[]
        }
        Insert: {
          accepted_at?: string | null
          alert_shows_names?: boolean
          code_expires_at?: string
          code_hash?: string | null
          created_at?: string
          helper_id?: string | null
          helper_name?: string | null
          id?: string
          invited_email?: string | null
          missed_dose_alert?: boolean
          patient_id: string
          patient_name?: string | null
          revoked_at?: string | null
          revoked_by?: string | null
          rights: string[]
        }
        Update: {
          accepted_at?: string | null
          alert_shows_names?: boolean
          code_expires_at?: string
          code_hash?: string | null
          created_at?: string
          helper_id?: string | null
          helper_name?: string | null
          id?: string
          invited_email?: string | null
          missed_dose_alert?: boolean
          patient_id?: string
          patient_name?: string | null
          revoked_at?: string | null
          revoked_by?: string | null
          rights?: string[]
        }
        Relationships: [
          {
            foreignKeyName: "caregiver_grants_patient_id_fkey"
            columns: ["patient_id"]
            isOneToOne: false
            referencedRelation: "webshop_customers"
            referencedColumns: ["id"]
          },
        ]
      }
      patient_plan_settings: {
        Row: {
          acted_by: string | null
          customer_id: string
          evening_time: string
          id: string
          morning_time: string
          night_time: string
          noon_time: string
          refill_lead_days: number
        }
        Insert: {
          acted_by?: string | null
          customer_id?: string
          evening_time?: string
          id?: string
          morning_time?: string
          night_time?: string
          noon_time?: string
          refill_lead_days?: number
        }
        Update: {
          acted_by?: string | null
          customer_id?: string
          evening_time?: string
          id?: string
          morning_time?: string
          night_time?: string
          noon_time?: string
          refill_lead_days?: number
        }
        Relationships: [
          {
            foreignKeyName: "patient_plan_settings_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: true
            referencedRelation: "webshop_customers"
            referencedColumns: ["id"]
          },
        ]
      }
      pharmindex: {
        Row: {
          atc: string | null
          dscrd: string
          dscrf: string | null
          gencd: string | null
          nincd: number | null
          pharmacode: number
          prdno: number | null
          qty: number | null
          qtyu: string | null
          sloplus: number | null
          substance: string | null
        }
        Insert: {
          atc?: string | null
          dscrd: string
          dscrf?: string | null
          gencd?: string | null
          nincd?: number | null
          pharmacode: number
          prdno?: number | null
          qty?: number | null
          qtyu?: string | null
          sloplus?: number | null
          substance?: string | null
        }
        Update: {
          atc?: string | null
          dscrd?: string
          dscrf?: string | null
          gencd?: string | null
          nincd?: number | null
          pharmacode?: number
          prdno?: number | null
          qty?: number | null
          qtyu?: string | null
          sloplus?: number | null
          substance?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "pharmindex_prdno_fkey"
            columns: ["prdno"]
            isOneToOne: false
            referencedRelation: "pharmindex_product"
            referencedColumns: ["prdno"]
          },
        ]
      }
      pharmindex_compendium: {
        Row: {
          content_de: string | null
          content_fr: string | null
          id: number
        }
        Insert: {
          content_de?: string | null
          content_fr?: string | null
          id?: number
        }
        Update: {
          content_de?: string | null
          content_fr?: string | null
          id?: number
        }
        Relationships: []
      }
      pharmindex_compendium_product: {
        Row: {
          cdtexttype: string
          compendium_id: number
          id: number
          prdno: number
        }
        Insert: {
          cdtexttype?: string
          compendium_id: number
          id?: number
          prdno: number
        }
        Update: {
          cdtexttype?: string
          compendium_id?: number
          id?: number
          prdno?: number
        }
        Relationships: [
          {
            foreignKeyName: "pharmindex_compendium_product_compendium_id_fkey"
            columns: ["compendium_id"]
            isOneToOne: false
            referencedRelation: "pharmindex_compendium"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "pharmindex_compendium_product_prdno_fkey"
            columns: ["prdno"]
            isOneToOne: false
            referencedRelation: "pharmindex_product"
            referencedColumns: ["prdno"]
          },
        ]
      }
      pharmindex_images: {
        Row: {
          pharmacode: number
          picfront: string | null
          picfront3d: string | null
        }
        Insert: {
          pharmacode: number
          picfront?: string | null
          picfront3d?: string | null
        }
        Update: {
          pharmacode?: number
          picfront?: string | null
          picfront3d?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "pharmindex_images_pharmacode_fkey"
            columns: ["pharmacode"]
            isOneToOne: true
            referencedRelation: "pharmindex"
            referencedColumns: ["pharmacode"]
          },
        ]
      }
      pharmindex_insurance: {
        Row: {
          descr1: string
          descr2: string | null
          id: number
        }
        Insert: {
          descr1: string
          descr2?: string | null
          id?: number
        }
        Update: {
          descr1?: string
          descr2?: string | null
          id?: number
        }
        Relationships: []
      }
      pharmindex_prices: {
        Row: {
          pharmacode: number
          price: number
        }
        Insert: {
          pharmacode: number
          price: number
        }
        Update: {
          pharmacode?: number
          price?: number
        }
        Relationships: [
          {
            foreignKeyName: "pharmindex_prices_pharmacode_fkey"
            columns: ["pharmacode"]
            isOneToOne: true
            referencedRelation: "pharmindex"
            referencedColumns: ["pharmacode"]
          },
        ]
      }
      pharmindex_product: {
        Row: {
          dose: string | null
          doseu: string | null
          dscrd: string
          dscrf: string | null
          galenic_form: string | null
          prdno: number
        }
        Insert: {
          dose?: string | null
          doseu?: string | null
          dscrd: string
          dscrf?: string | null
          galenic_form?: string | null
          prdno: number
        }
        Update: {
          dose?: string | null
          doseu?: string | null
          dscrd?: string
          dscrf?: string | null
          galenic_form?: string | null
          prdno?: number
        }
        Relationships: []
      }
      webshop_customer_additional_info: {
        Row: {
          acted_by: string | null
          cpg_name: string | null
          created_at: string
          customer_id: string
          description: string | null
          doc_name: string | null
          handled: boolean
          id: number
          prescription_location: string | null
          prescription_send_method: string | null
          send_all: boolean | null
          send_asap: boolean | null
        }
        Insert: {
          acted_by?: string | null
          cpg_name?: string | null
          created_at?: string
          customer_id?: string
          description?: string | null
          doc_name?: string | null
          handled?: boolean
          id?: number
          prescription_location?: string | null
          prescription_send_method?: string | null
          send_all?: boolean | null
          send_asap?: boolean | null
        }
        Update: {
          acted_by?: string | null
          cpg_name?: string | null
          created_at?: string
          customer_id?: string
          description?: string | null
          doc_name?: string | null
          handled?: boolean
          id?: number
          prescription_location?: string | null
          prescription_send_method?: string | null
          send_all?: boolean | null
          send_asap?: boolean | null
        }
        Relationships: [
          {
            foreignKeyName: "webshop_customer_additional_info_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "webshop_customers"
            referencedColumns: ["id"]
          },
        ]
      }
      webshop_customer_address: {
        Row: {
          address2: string | null
          city: string | null
          created_at: string
          customer_id: string
          id: number
          phone: string | null
          street: string | null
          street_nr: string | null
          zip: string | null
        }
        Insert: {
          address2?: string | null
          city?: string | null
          created_at?: string
          customer_id?: string
          id?: number
          phone?: string | null
          street?: string | null
          street_nr?: string | null
          zip?: string | null
        }
        Update: {
          address2?: string | null
          city?: string | null
          created_at?: string
          customer_id?: string
          id?: number
          phone?: string | null
          street?: string | null
          street_nr?: string | null
          zip?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "webshop_customer_address_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "webshop_customers"
            referencedColumns: ["id"]
          },
        ]
      }
      webshop_customer_dose_mark: {
        Row: {
          acted_by: string | null
          customer_id: string
          day: string
          device_id: string
          id: string
          marked_at: string
          period: string
          pharmacode: number
          prescription_id: number
          reason: string | null
          status: string
        }
        Insert: {
          acted_by?: string | null
          customer_id?: string
          day: string
          device_id: string
          id?: string
          marked_at: string
          period: string
          pharmacode: number
          prescription_id: number
          reason?: string | null
          status: string
        }
        Update: {
          acted_by?: string | null
          customer_id?: string
          day?: string
          device_id?: string
          id?: string
          marked_at?: string
          period?: string
          pharmacode?: number
          prescription_id?: number
          reason?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "webshop_customer_dose_mark_prescription_id_fkey"
            columns: ["prescription_id"]
            isOneToOne: false
            referencedRelation: "webshop_customer_medication"
            referencedColumns: ["id"]
          },
        ]
      }
      webshop_customer_eprescription: {
        Row: {
          acted_by: string | null
          customer_id: string
          entry_id: string | null
          id: string
          raw: string
          rx_id: string
          sent_at: string
          summary: Json
        }
        Insert: {
          acted_by?: string | null
          customer_id?: string
          entry_id?: string | null
          id?: string
          raw: string
          rx_id: string
          sent_at?: string
          summary: Json
        }
        Update: {
          acted_by?: string | null
          customer_id?: string
          entry_id?: string | null
          id?: string
          raw?: string
          rx_id?: string
          sent_at?: string
          summary?: Json
        }
        Relationships: [
          {
            foreignKeyName: "webshop_customer_eprescription_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "webshop_customers"
            referencedColumns: ["id"]
          },
        ]
      }
      webshop_customer_insurance: {
        Row: {
          additional_insurance: string | null
          additional_insurance_nr: string | null
          created_at: string
          customer_id: string
          id: number
          insurance: string | null
          insurance_name: string | null
          insurance_nr: string | null
          insurance_police_nr: string | null
          police_nr: string | null
          veka_nr: string | null
          voluntary_insurance_name: string | null
          voluntary_insurance_nr: string | null
        }
        Insert: {
          additional_insurance?: string | null
          additional_insurance_nr?: string | null
          created_at?: string
          customer_id?: string
          id?: number
          insurance?: string | null
          insurance_name?: string | null
          insurance_nr?: string | null
          insurance_police_nr?: string | null
          police_nr?: string | null
          veka_nr?: string | null
          voluntary_insurance_name?: string | null
          voluntary_insurance_nr?: string | null
        }
        Update: {
          additional_insurance?: string | null
          additional_insurance_nr?: string | null
          created_at?: string
          customer_id?: string
          id?: number
          insurance?: string | null
          insurance_name?: string | null
          insurance_nr?: string | null
          insurance_police_nr?: string | null
          police_nr?: string | null
          veka_nr?: string | null
          voluntary_insurance_name?: string | null
          voluntary_insurance_nr?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "webshop_customer_insurance_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "webshop_customers"
            referencedColumns: ["id"]
          },
        ]
      }
      webshop_customer_medication: {
        Row: {
          comment: string | null
          created_at: string
          customer_id: string
          dosage: number[]
          expires_at: string
          id: number
          intake: string | null
          medication_id: number
          single_use: boolean
          used: boolean
        }
        Insert: {
          comment?: string | null
          created_at?: string
          customer_id: string
          dosage?: number[]
          expires_at: string
          id?: number
          intake?: string | null
          medication_id: number
          single_use?: boolean
          used?: boolean
        }
        Update: {
          comment?: string | null
          created_at?: string
          customer_id?: string
          dosage?: number[]
          expires_at?: string
          id?: number
          intake?: string | null
          medication_id?: number
          single_use?: boolean
          used?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "webshop_customer_medication_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "webshop_customers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "webshop_customer_medication_medication_id_fkey"
            columns: ["medication_id"]
            isOneToOne: false
            referencedRelation: "pharmindex"
            referencedColumns: ["pharmacode"]
          },
        ]
      }
      webshop_customer_order_defaults: {
        Row: {
          acted_by: string | null
          comment: string | null
          created_at: string
          customer_id: string
          generic: boolean
          get_invoice: boolean
          id: number
          probon: boolean
          substitute: boolean
        }
        Insert: {
          acted_by?: string | null
          comment?: string | null
          created_at?: string
          customer_id?: string
          generic?: boolean
          get_invoice?: boolean
          id?: number
          probon?: boolean
          substitute?: boolean
        }
        Update: {
          acted_by?: string | null
          comment?: string | null
          created_at?: string
          customer_id?: string
          generic?: boolean
          get_invoice?: boolean
          id?: number
          probon?: boolean
          substitute?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "webshop_customer_order_defaults_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "webshop_customers"
            referencedColumns: ["id"]
          },
        ]
      }
      webshop_customer_push_subscription: {
        Row: {
          auth: string
          created_at: string
          customer_id: string
          device_label: string
          endpoint: string
          id: string
          last_success_at: string | null
          p256dh: string
          show_names: boolean
        }
        Insert: {
          auth: string
          created_at?: string
          customer_id?: string
          device_label?: string
          endpoint: string
          id?: string
          last_success_at?: string | null
          p256dh: string
          show_names?: boolean
        }
        Update: {
          auth?: string
          created_at?: string
          customer_id?: string
          device_label?: string
          endpoint?: string
          id?: string
          last_success_at?: string | null
          p256dh?: string
          show_names?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "webshop_customer_push_subscription_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "webshop_customers"
            referencedColumns: ["id"]
          },
        ]
      }
      webshop_customer_questionnaire: {
        Row: {
          a_asa: boolean
          a_other: string | null
          a_penicillin: boolean
          a_sulfonamide: boolean
          bmi: number | null
          created_at: string
          customer_id: string
          d_blood_clotting: boolean
          d_bronchi: boolean
          d_diabetes: boolean
          d_high_bp: boolean
          d_kidney: boolean
          d_liver: boolean
          d_others: string | null
          external_medications: number[]
          id: number
          size: number | null
          weight: number | null
        }
        Insert: {
          a_asa?: boolean
          a_other?: string | null
          a_penicillin?: boolean
          a_sulfonamide?: boolean
          bmi?: number | null
          created_at?: string
          customer_id?: string
          d_blood_clotting?: boolean
          d_bronchi?: boolean
          d_diabetes?: boolean
          d_high_bp?: boolean
          d_kidney?: boolean
          d_liver?: boolean
          d_others?: string | null
          external_medications?: number[]
          id?: number
          size?: number | null
          weight?: number | null
        }
        Update: {
          a_asa?: boolean
          a_other?: string | null
          a_penicillin?: boolean
          a_sulfonamide?: boolean
          bmi?: number | null
          created_at?: string
          customer_id?: string
          d_blood_clotting?: boolean
          d_bronchi?: boolean
          d_diabetes?: boolean
          d_high_bp?: boolean
          d_kidney?: boolean
          d_liver?: boolean
          d_others?: string | null
          external_medications?: number[]
          id?: number
          size?: number | null
          weight?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "webshop_customer_questionnaire_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "webshop_customers"
            referencedColumns: ["id"]
          },
        ]
      }
      webshop_customers: {
        Row: {
          birthday: string | null
          created_at: string
          first_name: string | null
          gender: number | null
          id: string
          language: string | null
          last_name: string | null
          row_id: string
        }
        Insert: {
          birthday?: string | null
          created_at?: string
          first_name?: string | null
          gender?: number | null
          id?: string
          language?: string | null
          last_name?: string | null
          row_id?: string
        }
        Update: {
          birthday?: string | null
          created_at?: string
          first_name?: string | null
          gender?: number | null
          id?: string
          language?: string | null
          last_name?: string | null
          row_id?: string
        }
        Relationships: []
      }
      webshop_order: {
        Row: {
          acted_by: string | null
          address2: string | null
          city: string | null
          comment: string | null
          created_at: string
          customer_id: string
          delivery_method: number | null
          delivery_nr: string | null
          generic: boolean
          get_invoice: boolean
          id: number
          idempotency_key: string | null
          parent: number | null
          probon: boolean
          status: number
          street: string | null
          street_nr: string | null
          substitute: boolean
          zip: string | null
          children: {
            acted_by: string | null
            address2: string | null
            city: string | null
            comment: string | null
            created_at: string
            customer_id: string
            delivery_method: number | null
            delivery_nr: string | null
            generic: boolean
            get_invoice: boolean
            id: number
            idempotency_key: string | null
            parent: number | null
            probon: boolean
            status: number
            street: string | null
            street_nr: string | null
            substitute: boolean
            zip: string | null
          } | null
        }
        Insert: {
          acted_by?: string | null
          address2?: string | null
          city?: string | null
          comment?: string | null
          created_at?: string
          customer_id: string
          delivery_method?: number | null
          delivery_nr?: string | null
          generic?: boolean
          get_invoice?: boolean
          id?: number
          idempotency_key?: string | null
          parent?: number | null
          probon?: boolean
          status?: number
          street?: string | null
          street_nr?: string | null
          substitute?: boolean
          zip?: string | null
        }
        Update: {
          acted_by?: string | null
          address2?: string | null
          city?: string | null
          comment?: string | null
          created_at?: string
          customer_id?: string
          delivery_method?: number | null
          delivery_nr?: string | null
          generic?: boolean
          get_invoice?: boolean
          id?: number
          idempotency_key?: string | null
          parent?: number | null
          probon?: boolean
          status?: number
          street?: string | null
          street_nr?: string | null
          substitute?: boolean
          zip?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "webshop_order_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "webshop_customers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "webshop_order_parent_fkey"
            columns: ["parent"]
            isOneToOne: false
            referencedRelation: "webshop_order"
            referencedColumns: ["id"]
          },
        ]
      }
      webshop_order_item: {
        Row: {
          amount: number
          id: number
          order_id: number
          pharmacode: number
        }
        Insert: {
          amount: number
          id?: number
          order_id: number
          pharmacode: number
        }
        Update: {
          amount?: number
          id?: number
          order_id?: number
          pharmacode?: number
        }
        Relationships: [
          {
            foreignKeyName: "webshop_order_item_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "webshop_order"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "webshop_order_item_pharmacode_fkey"
            columns: ["pharmacode"]
            isOneToOne: false
            referencedRelation: "pharmindex"
            referencedColumns: ["pharmacode"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      can_act_for: {
        Args: { p_customer_id: string; p_right: string }
        Returns: boolean
      }
      cancel_order: { Args: { p_order_id: number }; Returns: undefined }
      caregiver_accept: {
        Args: { p_code: string; p_name?: string }
        Returns: Json
      }
      caregiver_alert: {
        Args: { p_grant: string; p_on: boolean }
        Returns: undefined
      }
      caregiver_alert_names: {
        Args: { p_grant: string; p_on: boolean }
        Returns: undefined
      }
      caregiver_invite: {
        Args: { p_email?: string; p_rights: string[] }
        Returns: Json
      }
      caregiver_revoke: { Args: { p_grant: string }; Returns: undefined }
      check_mfa: { Args: never; Returns: boolean }
      children: {
        Args: { "": Database["public"]["Tables"]["webshop_order"]["Row"] }
        Returns: {
          acted_by: string | null
          address2: string | null
          city: string | null
          comment: string | null
          created_at: string
          customer_id: string
          delivery_method: number | null
          delivery_nr: string | null
          generic: boolean
          get_invoice: boolean
          id: number
          idempotency_key: string | null
          parent: number | null
          probon: boolean
          status: number
          street: string | null
          street_nr: string | null
          substitute: boolean
          zip: string | null
        }[]
        SetofOptions: {
          from: "webshop_order"
          to: "webshop_order"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      complete_function_call: {
        Args: { p_id: number; p_secret: string; p_sent: boolean }
        Returns: boolean
      }
      dose_mark_writable: {
        Args: {
          p_customer_id: string
          p_day: string
          p_pharmacode: number
          p_prescription_id: number
        }
        Returns: boolean
      }
      dose_reminder_doses: {
        Args: { p_customer_id: string; p_day: string; p_period: string }
        Returns: {
          marked: boolean
          name_de: string
          name_fr: string
          pharmacode: number
          prescription_id: number
        }[]
      }
      dose_reminder_later: {
        Args: {
          p_customer_id: string
          p_day: string
          p_now: string
          p_period: string
        }
        Returns: string
      }
      dose_reminder_outcome: {
        Args: {
          p_day: string
          p_endpoint: string
          p_now: string
          p_outcome: string
          p_period: string
          p_round: number
        }
        Returns: undefined
      }
      dose_reminder_taken: {
        Args: {
          p_customer_id: string
          p_day: string
          p_device_id: string
          p_marked_at: string
          p_period: string
        }
        Returns: number
      }
      dose_reminder_times: {
        Args: { p_customer_id: string }
        Returns: {
          at_time: string
          period: string
        }[]
      }
      dose_reminders_claim: {
        Args: { p_max?: number; p_now: string }
        Returns: {
          auth: string
          customer_id: string
          day: string
          due_at: string
          endpoint: string
          language: string
          names: string[]
          p256dh: string
          period: string
          round: number
          show_names: boolean
        }[]
      }
      dose_reminders_release: { Args: { p_claims: Json }; Returns: number }
      eprescription_store: {
        Args: {
          p_acted_by: string
          p_customer_id: string
          p_entry_id: string
          p_raw: string
          p_rx_id: string
          p_summary: Json
        }
        Returns: Json
      }
      generic_alternatives: {
        Args: { p_pharmacode: number }
        Returns: {
          dscrd: string
          dscrf: string
          pharmacode: number
          price: number
          quantity: number
          quantity_unit: string
        }[]
      }
      missed_dose_alert_outcome: {
        Args: {
          p_day: string
          p_endpoint: string
          p_now: string
          p_outcome: string
          p_patient: string
          p_period: string
        }
        Returns: undefined
      }
      missed_dose_alerts_claim: {
        Args: { p_max?: number; p_now: string }
        Returns: {
          auth: string
          day: string
          due_at: string
          endpoint: string
          language: string
          names: string[]
          p256dh: string
          patient_id: string
          patient_name: string
          period: string
        }[]
      }
      missed_dose_alerts_release: { Args: { p_claims: Json }; Returns: number }
      reserve_function_call: {
        Args: {
          p_fn: string
          p_key: string
          p_max: number
          p_window_seconds: number
        }
        Returns: Json
      }
      reserve_function_call_for: {
        Args: {
          p_customer_id: string
          p_fn: string
          p_key: string
          p_max: number
          p_window_seconds: number
        }
        Returns: Json
      }
      search_medications: {
        Args: {
          p_generics?: boolean
          p_limit?: number
          p_offset?: number
          p_query: string
        }
        Returns: {
          atc: string | null
          dscrd: string
          dscrf: string | null
          gencd: string | null
          nincd: number | null
          pharmacode: number
          prdno: number | null
          qty: number | null
          qtyu: string | null
          sloplus: number | null
          substance: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "pharmindex"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      setup_missing: { Args: never; Returns: string[] }
      setup_missing_for: { Args: { p_customer_id: string }; Returns: string[] }
      webshop_dose_mark_rank: { Args: { p_status: string }; Returns: number }
      webshop_order: {
        Args: {
          p_address2: string
          p_city: string
          p_comment: string
          p_customer_id: string
          p_generic: boolean
          p_get_invoice: boolean
          p_idempotency_key?: string
          p_medications: Json
          p_probon: boolean
          p_street: string
          p_street_nr: string
          p_substitute: boolean
          p_zip: string
        }
        Returns: number
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
