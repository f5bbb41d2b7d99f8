// Package values holds Go struct types for the corpora of the value
// benchmarks (docs/DESIGN.md §6): each corpus file decodes into its root type,
// and every encoder under test marshals the decoded value. The types follow the
// documents as they are (optional members as pointers or omitempty, null
// members as pointers or any), as a program consuming these APIs would declare
// them. values_easyjson.go holds easyjson's generated marshalers for them.
package values

//go:generate go run github.com/mailru/easyjson/easyjson -all -no_std_marshalers -disable_members_unescape values.go

// Twitter is simdjson's twitter.json: a search API response.
type Twitter struct {
	Statuses       []Status       `json:"statuses"`
	SearchMetadata SearchMetadata `json:"search_metadata"`
}

// SearchMetadata is the paging block of a search response.
type SearchMetadata struct {
	CompletedIn float64 `json:"completed_in"`
	MaxID       int64   `json:"max_id"`
	MaxIDStr    string  `json:"max_id_str"`
	NextResults string  `json:"next_results"`
	Query       string  `json:"query"`
	RefreshURL  string  `json:"refresh_url"`
	Count       int     `json:"count"`
	SinceID     int64   `json:"since_id"`
	SinceIDStr  string  `json:"since_id_str"`
}

// Status is one tweet.
type Status struct {
	Metadata             StatusMetadata `json:"metadata"`
	CreatedAt            string         `json:"created_at"`
	ID                   int64          `json:"id"`
	IDStr                string         `json:"id_str"`
	Text                 string         `json:"text"`
	Source               string         `json:"source"`
	Truncated            bool           `json:"truncated"`
	InReplyToStatusID    *int64         `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string        `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64         `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string        `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string        `json:"in_reply_to_screen_name"`
	User                 User           `json:"user"`
	Geo                  any            `json:"geo"`
	Coordinates          any            `json:"coordinates"`
	Place                any            `json:"place"`
	Contributors         any            `json:"contributors"`
	RetweetCount         int            `json:"retweet_count"`
	FavoriteCount        int            `json:"favorite_count"`
	Entities             Entities       `json:"entities"`
	Favorited            bool           `json:"favorited"`
	Retweeted            bool           `json:"retweeted"`
	PossiblySensitive    *bool          `json:"possibly_sensitive,omitempty"`
	Lang                 string         `json:"lang"`
	RetweetedStatus      *Status        `json:"retweeted_status,omitempty"`
}

// StatusMetadata is a tweet's search metadata.
type StatusMetadata struct {
	ResultType      string `json:"result_type"`
	IsoLanguageCode string `json:"iso_language_code"`
}

// User is a tweet's author.
type User struct {
	ID                             int64        `json:"id"`
	IDStr                          string       `json:"id_str"`
	Name                           string       `json:"name"`
	ScreenName                     string       `json:"screen_name"`
	Location                       string       `json:"location"`
	Description                    string       `json:"description"`
	URL                            *string      `json:"url"`
	Entities                       UserEntities `json:"entities"`
	Protected                      bool         `json:"protected"`
	FollowersCount                 int          `json:"followers_count"`
	FriendsCount                   int          `json:"friends_count"`
	ListedCount                    int          `json:"listed_count"`
	CreatedAt                      string       `json:"created_at"`
	FavouritesCount                int          `json:"favourites_count"`
	UtcOffset                      *int         `json:"utc_offset"`
	TimeZone                       *string      `json:"time_zone"`
	GeoEnabled                     bool         `json:"geo_enabled"`
	Verified                       bool         `json:"verified"`
	StatusesCount                  int          `json:"statuses_count"`
	Lang                           string       `json:"lang"`
	ContributorsEnabled            bool         `json:"contributors_enabled"`
	IsTranslator                   bool         `json:"is_translator"`
	IsTranslationEnabled           bool         `json:"is_translation_enabled"`
	ProfileBackgroundColor         string       `json:"profile_background_color"`
	ProfileBackgroundImageURL      string       `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string       `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool         `json:"profile_background_tile"`
	ProfileImageURL                string       `json:"profile_image_url"`
	ProfileImageURLHTTPS           string       `json:"profile_image_url_https"`
	ProfileBannerURL               string       `json:"profile_banner_url,omitempty"`
	ProfileLinkColor               string       `json:"profile_link_color"`
	ProfileSidebarBorderColor      string       `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string       `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string       `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool         `json:"profile_use_background_image"`
	DefaultProfile                 bool         `json:"default_profile"`
	DefaultProfileImage            bool         `json:"default_profile_image"`
	Following                      bool         `json:"following"`
	FollowRequestSent              bool         `json:"follow_request_sent"`
	Notifications                  bool         `json:"notifications"`
}

// UserEntities are the links in a user's profile.
type UserEntities struct {
	URL         *URLs `json:"url,omitempty"`
	Description URLs  `json:"description"`
}

// URLs is a list of links.
type URLs struct {
	URLs []URL `json:"urls"`
}

// URL is one link in a text.
type URL struct {
	URL         string `json:"url"`
	ExpandedURL string `json:"expanded_url"`
	DisplayURL  string `json:"display_url"`
	Indices     []int  `json:"indices"`
}

// Entities are the hashtags, links, mentions and media of a tweet.
type Entities struct {
	Hashtags     []Hashtag `json:"hashtags"`
	Symbols      []any     `json:"symbols"`
	URLs         []URL     `json:"urls"`
	UserMentions []Mention `json:"user_mentions"`
	Media        []Media   `json:"media,omitempty"`
}

// Hashtag is one hashtag of a tweet.
type Hashtag struct {
	Text    string `json:"text"`
	Indices []int  `json:"indices"`
}

// Mention is one user mentioned in a tweet.
type Mention struct {
	ScreenName string `json:"screen_name"`
	Name       string `json:"name"`
	ID         int64  `json:"id"`
	IDStr      string `json:"id_str"`
	Indices    []int  `json:"indices"`
}

// Media is one picture of a tweet.
type Media struct {
	ID                int64      `json:"id"`
	IDStr             string     `json:"id_str"`
	Indices           []int      `json:"indices"`
	MediaURL          string     `json:"media_url"`
	MediaURLHTTPS     string     `json:"media_url_https"`
	URL               string     `json:"url"`
	DisplayURL        string     `json:"display_url"`
	ExpandedURL       string     `json:"expanded_url"`
	Type              string     `json:"type"`
	Sizes             MediaSizes `json:"sizes"`
	SourceStatusID    int64      `json:"source_status_id,omitempty"`
	SourceStatusIDStr string     `json:"source_status_id_str,omitempty"`
}

// MediaSizes are the sizes a picture is served in.
type MediaSizes struct {
	Medium MediaSize `json:"medium"`
	Small  MediaSize `json:"small"`
	Thumb  MediaSize `json:"thumb"`
	Large  MediaSize `json:"large"`
}

// MediaSize is one size of a picture.
type MediaSize struct {
	W      int    `json:"w"`
	H      int    `json:"h"`
	Resize string `json:"resize"`
}

// Citm is simdjson's citm_catalog.json: a ticketing catalogue, mostly maps
// from decimal ids to names.
type Citm struct {
	AreaNames                map[string]string    `json:"areaNames"`
	AudienceSubCategoryNames map[string]string    `json:"audienceSubCategoryNames"`
	BlockNames               map[string]string    `json:"blockNames"`
	Events                   map[string]CitmEvent `json:"events"`
	Performances             []Performance        `json:"performances"`
	SeatCategoryNames        map[string]string    `json:"seatCategoryNames"`
	SubTopicNames            map[string]string    `json:"subTopicNames"`
	SubjectNames             map[string]string    `json:"subjectNames"`
	TopicNames               map[string]string    `json:"topicNames"`
	TopicSubTopics           map[string][]int64   `json:"topicSubTopics"`
	VenueNames               map[string]string    `json:"venueNames"`
}

// CitmEvent is one event of the catalogue.
type CitmEvent struct {
	Description *string `json:"description"`
	ID          int64   `json:"id"`
	Logo        *string `json:"logo"`
	Name        string  `json:"name"`
	SubTopicIDs []int64 `json:"subTopicIds"`
	SubjectCode *string `json:"subjectCode"`
	Subtitle    *string `json:"subtitle"`
	TopicIDs    []int64 `json:"topicIds"`
}

// Performance is one performance of an event.
type Performance struct {
	EventID        int64          `json:"eventId"`
	ID             int64          `json:"id"`
	Logo           *string        `json:"logo"`
	Name           *string        `json:"name"`
	Prices         []Price        `json:"prices"`
	SeatCategories []SeatCategory `json:"seatCategories"`
	SeatMapImage   *string        `json:"seatMapImage"`
	Start          int64          `json:"start"`
	VenueCode      string         `json:"venueCode"`
}

// Price is one price of a performance.
type Price struct {
	Amount                int   `json:"amount"`
	AudienceSubCategoryID int64 `json:"audienceSubCategoryId"`
	SeatCategoryID        int64 `json:"seatCategoryId"`
}

// SeatCategory is one category of seats.
type SeatCategory struct {
	Areas          []Area `json:"areas"`
	SeatCategoryID int64  `json:"seatCategoryId"`
}

// Area is one area of a seat category.
type Area struct {
	AreaID   int64   `json:"areaId"`
	BlockIDs []int64 `json:"blockIds"`
}

// Canada is simdjson's canada.json: a GeoJSON feature collection of one
// polygon, about 111 000 coordinate pairs.
type Canada struct {
	Type     string    `json:"type"`
	Features []Feature `json:"features"`
}

// Feature is a GeoJSON feature.
type Feature struct {
	Type       string            `json:"type"`
	Properties map[string]string `json:"properties"`
	Geometry   Geometry          `json:"geometry"`
}

// Geometry is a GeoJSON polygon: rings of (longitude, latitude) points.
type Geometry struct {
	Type        string         `json:"type"`
	Coordinates [][][2]float64 `json:"coordinates"`
}

// GolangSource is go-json-experiment's golang_source.json: a tree of the Go
// source files with change statistics.
type GolangSource struct {
	Tree     *GolangNode `json:"tree"`
	Username string      `json:"username"`
}

// GolangNode is one directory or file of the tree.
type GolangNode struct {
	Name     string       `json:"name"`
	Kids     []GolangNode `json:"kids"`
	CLWeight float64      `json:"cl_weight"`
	Touches  int          `json:"touches"`
	MinT     int64        `json:"min_t"`
	MaxT     int64        `json:"max_t"`
	MeanT    int64        `json:"mean_t"`
}

// GitHubEvents is simdjson's github_events.json: the public event stream of
// the GitHub API.
//
//easyjson:json
type GitHubEvents []GitHubEvent

// GitHubEvent is one event; its payload depends on its type.
type GitHubEvent struct {
	Type      string       `json:"type"`
	CreatedAt string       `json:"created_at"`
	Actor     GitHubActor  `json:"actor"`
	Repo      GitHubRepo   `json:"repo"`
	Public    bool         `json:"public"`
	Payload   Payload      `json:"payload"`
	ID        string       `json:"id"`
	Org       *GitHubActor `json:"org,omitempty"`
}

// GitHubActor is the user or organisation of an event.
type GitHubActor struct {
	GravatarID string `json:"gravatar_id"`
	Login      string `json:"login"`
	AvatarURL  string `json:"avatar_url"`
	URL        string `json:"url"`
	ID         int64  `json:"id"`
}

// GitHubRepo is the repository of an event.
type GitHubRepo struct {
	URL  string `json:"url"`
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Payload is the union of the payloads of the event types in the file.
type Payload struct {
	Commits      []Commit       `json:"commits,omitempty"`
	DistinctSize int            `json:"distinct_size,omitempty"`
	Ref          *string        `json:"ref,omitempty"`
	PushID       int64          `json:"push_id,omitempty"`
	Head         string         `json:"head,omitempty"`
	Before       string         `json:"before,omitempty"`
	Size         int            `json:"size,omitempty"`
	Description  string         `json:"description,omitempty"`
	MasterBranch string         `json:"master_branch,omitempty"`
	RefType      string         `json:"ref_type,omitempty"`
	Forkee       *Forkee        `json:"forkee,omitempty"`
	Action       string         `json:"action,omitempty"`
	Issue        *Issue         `json:"issue,omitempty"`
	Comment      *IssueComment  `json:"comment,omitempty"`
	Pages        []WikiPage     `json:"pages,omitempty"`
	Extra        map[string]any `json:"extra,omitempty"`
}

// Commit is one commit of a push.
type Commit struct {
	URL      string       `json:"url"`
	Message  string       `json:"message"`
	Distinct bool         `json:"distinct"`
	Sha      string       `json:"sha"`
	Author   CommitAuthor `json:"author"`
}

// CommitAuthor is the author of a commit.
type CommitAuthor struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

// Forkee is the repository a fork created.
type Forkee struct {
	Description      string     `json:"description"`
	Fork             bool       `json:"fork"`
	URL              string     `json:"url"`
	Language         string     `json:"language"`
	StargazersURL    string     `json:"stargazers_url"`
	CloneURL         string     `json:"clone_url"`
	TagsURL          string     `json:"tags_url"`
	FullName         string     `json:"full_name"`
	MergesURL        string     `json:"merges_url"`
	Forks            int        `json:"forks"`
	Private          bool       `json:"private"`
	GitRefsURL       string     `json:"git_refs_url"`
	ArchiveURL       string     `json:"archive_url"`
	CollaboratorsURL string     `json:"collaborators_url"`
	Owner            GitHubUser `json:"owner"`
	LanguagesURL     string     `json:"languages_url"`
	TreesURL         string     `json:"trees_url"`
	LabelsURL        string     `json:"labels_url"`
	HTMLURL          string     `json:"html_url"`
	PushedAt         string     `json:"pushed_at"`
	CreatedAt        string     `json:"created_at"`
	HasIssues        bool       `json:"has_issues"`
	ForksURL         string     `json:"forks_url"`
	BranchesURL      string     `json:"branches_url"`
	CommitsURL       string     `json:"commits_url"`
	NotificationsURL string     `json:"notifications_url"`
	OpenIssues       int        `json:"open_issues"`
	ContentsURL      string     `json:"contents_url"`
	BlobsURL         string     `json:"blobs_url"`
	IssuesURL        string     `json:"issues_url"`
	CompareURL       string     `json:"compare_url"`
	IssueEventsURL   string     `json:"issue_events_url"`
	Name             string     `json:"name"`
	UpdatedAt        string     `json:"updated_at"`
	StatusesURL      string     `json:"statuses_url"`
	ForksCount       int        `json:"forks_count"`
	AssigneesURL     string     `json:"assignees_url"`
	SSHURL           string     `json:"ssh_url"`
	Public           bool       `json:"public"`
	HasWiki          bool       `json:"has_wiki"`
	SubscribersURL   string     `json:"subscribers_url"`
	MirrorURL        *string    `json:"mirror_url"`
	WatchersCount    int        `json:"watchers_count"`
	ID               int64      `json:"id"`
	HasDownloads     bool       `json:"has_downloads"`
	GitCommitsURL    string     `json:"git_commits_url"`
	DownloadsURL     string     `json:"downloads_url"`
	PullsURL         string     `json:"pulls_url"`
	Homepage         *string    `json:"homepage"`
	IssueCommentURL  string     `json:"issue_comment_url"`
	HooksURL         string     `json:"hooks_url"`
	SubscriptionURL  string     `json:"subscription_url"`
	MilestonesURL    string     `json:"milestones_url"`
	SvnURL           string     `json:"svn_url"`
	EventsURL        string     `json:"events_url"`
	GitTagsURL       string     `json:"git_tags_url"`
	TeamsURL         string     `json:"teams_url"`
	CommentsURL      string     `json:"comments_url"`
	OpenIssuesCount  int        `json:"open_issues_count"`
	KeysURL          string     `json:"keys_url"`
	GitURL           string     `json:"git_url"`
	ContributorsURL  string     `json:"contributors_url"`
	Size             int        `json:"size"`
	Watchers         int        `json:"watchers"`
}

// GitHubUser is a user as the repository and issue APIs describe one.
type GitHubUser struct {
	URL               string `json:"url"`
	GistsURL          string `json:"gists_url"`
	GravatarID        string `json:"gravatar_id"`
	Type              string `json:"type"`
	AvatarURL         string `json:"avatar_url"`
	SubscriptionsURL  string `json:"subscriptions_url"`
	OrganizationsURL  string `json:"organizations_url"`
	ReceivedEventsURL string `json:"received_events_url"`
	ReposURL          string `json:"repos_url"`
	Login             string `json:"login"`
	ID                int64  `json:"id"`
	StarredURL        string `json:"starred_url"`
	EventsURL         string `json:"events_url"`
	FollowersURL      string `json:"followers_url"`
	FollowingURL      string `json:"following_url"`
}

// Issue is the issue of an issue or comment event.
type Issue struct {
	User        GitHubUser  `json:"user"`
	URL         string      `json:"url"`
	Labels      []any       `json:"labels"`
	HTMLURL     string      `json:"html_url"`
	LabelsURL   string      `json:"labels_url"`
	PullRequest PullRequest `json:"pull_request"`
	CreatedAt   string      `json:"created_at"`
	ClosedAt    *string     `json:"closed_at"`
	Milestone   any         `json:"milestone"`
	Title       string      `json:"title"`
	Body        string      `json:"body"`
	UpdatedAt   string      `json:"updated_at"`
	Number      int         `json:"number"`
	State       string      `json:"state"`
	Assignee    *GitHubUser `json:"assignee"`
	ID          int64       `json:"id"`
	EventsURL   string      `json:"events_url"`
	CommentsURL string      `json:"comments_url"`
	Comments    int         `json:"comments"`
}

// PullRequest holds the links of an issue's pull request.
type PullRequest struct {
	HTMLURL  *string `json:"html_url"`
	PatchURL *string `json:"patch_url"`
	DiffURL  *string `json:"diff_url"`
}

// IssueComment is the comment of a comment event.
type IssueComment struct {
	User      GitHubUser `json:"user"`
	URL       string     `json:"url"`
	IssueURL  string     `json:"issue_url"`
	CreatedAt string     `json:"created_at"`
	Body      string     `json:"body"`
	UpdatedAt string     `json:"updated_at"`
	ID        int64      `json:"id"`
}

// WikiPage is one page of a wiki event.
type WikiPage struct {
	PageName string  `json:"page_name"`
	HTMLURL  string  `json:"html_url"`
	Title    string  `json:"title"`
	Sha      string  `json:"sha"`
	Summary  *string `json:"summary"`
	Action   string  `json:"action"`
}

// Synthea is go-json-experiment's synthea_fhir.json: a FHIR R4 bundle of one
// synthetic patient's records.
type Synthea struct {
	ResourceType string        `json:"resourceType"`
	Type         string        `json:"type"`
	Entry        []BundleEntry `json:"entry"`
}

// BundleEntry is one resource of the bundle.
type BundleEntry struct {
	FullURL  string        `json:"fullUrl"`
	Resource Resource      `json:"resource"`
	Request  BundleRequest `json:"request"`
}

// BundleRequest is how an entry is to be stored.
type BundleRequest struct {
	Method string `json:"method"`
	URL    string `json:"url"`
}

// Resource is the union of the FHIR resources in the bundle (Patient,
// Encounter, Condition, Claim, Observation, ...). Name, Type and Total take
// different shapes in different resources, and so are any.
type Resource struct {
	ResourceType              string            `json:"resourceType"`
	ID                        string            `json:"id"`
	Text                      *Narrative        `json:"text,omitempty"`
	Extension                 []Extension       `json:"extension,omitempty"`
	Identifier                []Identifier      `json:"identifier,omitempty"`
	Name                      any               `json:"name,omitempty"`
	Telecom                   []ContactPoint    `json:"telecom,omitempty"`
	Gender                    string            `json:"gender,omitempty"`
	BirthDate                 string            `json:"birthDate,omitempty"`
	DeceasedDateTime          string            `json:"deceasedDateTime,omitempty"`
	Address                   []Address         `json:"address,omitempty"`
	MaritalStatus             *CodeableConcept  `json:"maritalStatus,omitempty"`
	MultipleBirthBoolean      *bool             `json:"multipleBirthBoolean,omitempty"`
	Communication             []Communication   `json:"communication,omitempty"`
	Active                    *bool             `json:"active,omitempty"`
	Type                      any               `json:"type,omitempty"`
	Status                    string            `json:"status,omitempty"`
	Class                     *Coding           `json:"class,omitempty"`
	Subject                   *Reference        `json:"subject,omitempty"`
	Participant               []Participant     `json:"participant,omitempty"`
	Period                    *Period           `json:"period,omitempty"`
	ServiceProvider           *Reference        `json:"serviceProvider,omitempty"`
	ClinicalStatus            *CodeableConcept  `json:"clinicalStatus,omitempty"`
	VerificationStatus        *CodeableConcept  `json:"verificationStatus,omitempty"`
	Code                      *CodeableConcept  `json:"code,omitempty"`
	Encounter                 *Reference        `json:"encounter,omitempty"`
	OnsetDateTime             string            `json:"onsetDateTime,omitempty"`
	RecordedDate              string            `json:"recordedDate,omitempty"`
	Use                       string            `json:"use,omitempty"`
	Patient                   *Reference        `json:"patient,omitempty"`
	BillablePeriod            *Period           `json:"billablePeriod,omitempty"`
	Created                   string            `json:"created,omitempty"`
	Provider                  *Reference        `json:"provider,omitempty"`
	Priority                  *CodeableConcept  `json:"priority,omitempty"`
	Diagnosis                 []Diagnosis       `json:"diagnosis,omitempty"`
	Insurance                 []Insurance       `json:"insurance,omitempty"`
	Item                      []ClaimItem       `json:"item,omitempty"`
	Total                     any               `json:"total,omitempty"`
	Contained                 []Contained       `json:"contained,omitempty"`
	Insurer                   *Reference        `json:"insurer,omitempty"`
	Referral                  *Reference        `json:"referral,omitempty"`
	Claim                     *Reference        `json:"claim,omitempty"`
	Outcome                   string            `json:"outcome,omitempty"`
	CareTeam                  []CareTeamMember  `json:"careTeam,omitempty"`
	Payment                   *Payment          `json:"payment,omitempty"`
	ReasonCode                []CodeableConcept `json:"reasonCode,omitempty"`
	ManagingOrganization      []Reference       `json:"managingOrganization,omitempty"`
	Intent                    string            `json:"intent,omitempty"`
	Category                  []CodeableConcept `json:"category,omitempty"`
	Addresses                 []Reference       `json:"addresses,omitempty"`
	Activity                  []Activity        `json:"activity,omitempty"`
	MedicationCodeableConcept *CodeableConcept  `json:"medicationCodeableConcept,omitempty"`
	AuthoredOn                string            `json:"authoredOn,omitempty"`
	Requester                 *Reference        `json:"requester,omitempty"`
	ReasonReference           []Reference       `json:"reasonReference,omitempty"`
	Prescription              *Reference        `json:"prescription,omitempty"`
	LifecycleStatus           string            `json:"lifecycleStatus,omitempty"`
	AchievementStatus         *CodeableConcept  `json:"achievementStatus,omitempty"`
	Description               *CodeableConcept  `json:"description,omitempty"`
	Goal                      []Reference       `json:"goal,omitempty"`
	AbatementDateTime         string            `json:"abatementDateTime,omitempty"`
	EffectiveDateTime         string            `json:"effectiveDateTime,omitempty"`
	Issued                    string            `json:"issued,omitempty"`
	ValueQuantity             *Quantity         `json:"valueQuantity,omitempty"`
	PerformedPeriod           *Period           `json:"performedPeriod,omitempty"`
	DosageInstruction         []Dosage          `json:"dosageInstruction,omitempty"`
	Started                   string            `json:"started,omitempty"`
	NumberOfSeries            int               `json:"numberOfSeries,omitempty"`
	NumberOfInstances         int               `json:"numberOfInstances,omitempty"`
	Series                    []ImagingSeries   `json:"series,omitempty"`
	Procedure                 []ClaimProcedure  `json:"procedure,omitempty"`
	VaccineCode               *CodeableConcept  `json:"vaccineCode,omitempty"`
	OccurrenceDateTime        string            `json:"occurrenceDateTime,omitempty"`
	PrimarySource             *bool             `json:"primarySource,omitempty"`
	SupportingInfo            []SupportingInfo  `json:"supportingInfo,omitempty"`
	Component                 []Component       `json:"component,omitempty"`
	ValueCodeableConcept      *CodeableConcept  `json:"valueCodeableConcept,omitempty"`
	Result                    []Reference       `json:"result,omitempty"`
}

// Narrative is a resource's human-readable summary, as XHTML.
type Narrative struct {
	Status string `json:"status"`
	Div    string `json:"div"`
}

// Extension is a FHIR extension: a URL and one value, or nested extensions.
type Extension struct {
	URL          string      `json:"url"`
	Extension    []Extension `json:"extension,omitempty"`
	ValueCoding  *Coding     `json:"valueCoding,omitempty"`
	ValueString  string      `json:"valueString,omitempty"`
	ValueCode    string      `json:"valueCode,omitempty"`
	ValueAddress *Address    `json:"valueAddress,omitempty"`
	ValueDecimal *float64    `json:"valueDecimal,omitempty"`
}

// Coding is a code from a code system.
type Coding struct {
	System  string `json:"system,omitempty"`
	Code    string `json:"code,omitempty"`
	Display string `json:"display,omitempty"`
}

// CodeableConcept is a concept as codes and text.
type CodeableConcept struct {
	Coding []Coding `json:"coding,omitempty"`
	Text   string   `json:"text,omitempty"`
}

// Identifier is an identifier of a resource in some system.
type Identifier struct {
	System string           `json:"system,omitempty"`
	Value  string           `json:"value,omitempty"`
	Type   *CodeableConcept `json:"type,omitempty"`
	Use    string           `json:"use,omitempty"`
}

// ContactPoint is a phone number, e-mail address or the like.
type ContactPoint struct {
	System string `json:"system,omitempty"`
	Value  string `json:"value,omitempty"`
	Use    string `json:"use,omitempty"`
}

// Address is a postal address.
type Address struct {
	Extension  []Extension `json:"extension,omitempty"`
	Line       []string    `json:"line,omitempty"`
	City       string      `json:"city,omitempty"`
	State      string      `json:"state,omitempty"`
	PostalCode string      `json:"postalCode,omitempty"`
	Country    string      `json:"country,omitempty"`
}

// Communication is a language a patient speaks.
type Communication struct {
	Language CodeableConcept `json:"language"`
}

// Reference points at another resource.
type Reference struct {
	Reference string `json:"reference,omitempty"`
	Display   string `json:"display,omitempty"`
}

// Participant is someone taking part in an encounter or care team.
type Participant struct {
	Individual *Reference        `json:"individual,omitempty"`
	Role       []CodeableConcept `json:"role,omitempty"`
	Member     *Reference        `json:"member,omitempty"`
}

// Period is a time interval, as FHIR dateTimes.
type Period struct {
	Start string `json:"start,omitempty"`
	End   string `json:"end,omitempty"`
}

// Quantity is a measured amount, or money (Currency set).
type Quantity struct {
	Value    float64 `json:"value"`
	Unit     string  `json:"unit,omitempty"`
	System   string  `json:"system,omitempty"`
	Code     string  `json:"code,omitempty"`
	Currency string  `json:"currency,omitempty"`
}

// Diagnosis is one diagnosis of a claim.
type Diagnosis struct {
	Sequence           int               `json:"sequence"`
	DiagnosisReference *Reference        `json:"diagnosisReference,omitempty"`
	Type               []CodeableConcept `json:"type,omitempty"`
}

// Insurance is one insurance of a claim.
type Insurance struct {
	Sequence int       `json:"sequence"`
	Focal    bool      `json:"focal"`
	Coverage Reference `json:"coverage"`
}

// ClaimItem is one item of a claim.
type ClaimItem struct {
	Sequence                int              `json:"sequence"`
	ProductOrService        *CodeableConcept `json:"productOrService,omitempty"`
	Encounter               []Reference      `json:"encounter,omitempty"`
	DiagnosisSequence       []int            `json:"diagnosisSequence,omitempty"`
	Category                *CodeableConcept `json:"category,omitempty"`
	ServicedPeriod          *Period          `json:"servicedPeriod,omitempty"`
	LocationCodeableConcept *CodeableConcept `json:"locationCodeableConcept,omitempty"`
	ProcedureSequence       []int            `json:"procedureSequence,omitempty"`
	Net                     *Quantity        `json:"net,omitempty"`
	Adjudication            []Adjudication   `json:"adjudication,omitempty"`
	InformationSequence     []int            `json:"informationSequence,omitempty"`
}

// Adjudication is one amount an insurer decided.
type Adjudication struct {
	Category CodeableConcept `json:"category"`
	Amount   *Quantity       `json:"amount,omitempty"`
}

// Contained is a resource contained in another.
type Contained struct {
	ResourceType string           `json:"resourceType"`
	ID           string           `json:"id"`
	Status       string           `json:"status,omitempty"`
	Intent       string           `json:"intent,omitempty"`
	Subject      *Reference       `json:"subject,omitempty"`
	Requester    *Reference       `json:"requester,omitempty"`
	Performer    []Reference      `json:"performer,omitempty"`
	Type         *CodeableConcept `json:"type,omitempty"`
	Beneficiary  *Reference       `json:"beneficiary,omitempty"`
	Payor        []Reference      `json:"payor,omitempty"`
}

// CareTeamMember is one member of a claim's care team.
type CareTeamMember struct {
	Sequence  int              `json:"sequence"`
	Provider  *Reference       `json:"provider,omitempty"`
	Role      *CodeableConcept `json:"role,omitempty"`
	Reference string           `json:"reference,omitempty"`
}

// Payment is the payment of a claim.
type Payment struct {
	Amount Quantity `json:"amount"`
}

// Activity is one activity of a care plan.
type Activity struct {
	Detail ActivityDetail `json:"detail"`
}

// ActivityDetail describes a care plan activity.
type ActivityDetail struct {
	Code     *CodeableConcept `json:"code,omitempty"`
	Status   string           `json:"status,omitempty"`
	Location *Reference       `json:"location,omitempty"`
}

// Dosage is how a medication is to be taken.
type Dosage struct {
	Sequence        int           `json:"sequence"`
	Timing          *Timing       `json:"timing,omitempty"`
	AsNeededBoolean bool          `json:"asNeededBoolean"`
	DoseAndRate     []DoseAndRate `json:"doseAndRate,omitempty"`
}

// Timing is when a medication is to be taken.
type Timing struct {
	Repeat TimingRepeat `json:"repeat"`
}

// TimingRepeat is a repeating schedule.
type TimingRepeat struct {
	Frequency  int     `json:"frequency"`
	Period     float64 `json:"period"`
	PeriodUnit string  `json:"periodUnit"`
}

// DoseAndRate is the amount of one dose.
type DoseAndRate struct {
	Type         *CodeableConcept `json:"type,omitempty"`
	DoseQuantity *Quantity        `json:"doseQuantity,omitempty"`
}

// ImagingSeries is one series of an imaging study.
type ImagingSeries struct {
	UID               string            `json:"uid"`
	Number            int               `json:"number"`
	Modality          Coding            `json:"modality"`
	NumberOfInstances int               `json:"numberOfInstances"`
	BodySite          Coding            `json:"bodySite"`
	Started           string            `json:"started"`
	Instance          []ImagingInstance `json:"instance"`
}

// ImagingInstance is one image of a series.
type ImagingInstance struct {
	UID      string `json:"uid"`
	SopClass Coding `json:"sopClass"`
	Number   int    `json:"number"`
	Title    string `json:"title"`
}

// ClaimProcedure is one procedure of a claim.
type ClaimProcedure struct {
	Sequence           int       `json:"sequence"`
	ProcedureReference Reference `json:"procedureReference"`
}

// SupportingInfo is one piece of supporting information of a claim.
type SupportingInfo struct {
	Sequence       int             `json:"sequence"`
	Category       CodeableConcept `json:"category"`
	ValueReference *Reference      `json:"valueReference,omitempty"`
}

// Component is one component of an observation.
type Component struct {
	Code          CodeableConcept `json:"code"`
	ValueQuantity *Quantity       `json:"valueQuantity,omitempty"`
}
