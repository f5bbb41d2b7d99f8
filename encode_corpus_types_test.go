package jgen_test

// Struct types for the corpora of ../shared, for TestWriteValueSharedCorpus:
// a copy of bench/values/values.go (the benchmarks' data sets), each type
// prefixed with C. The bench module cannot be imported here, and its copy
// carries easyjson's generated methods.

// CTwitter is simdjson's twitter.json: a search API response.
type CTwitter struct {
	Statuses        []CStatus       `json:"statuses"`
	CSearchMetadata CSearchMetadata `json:"search_metadata"`
}

// CSearchMetadata is the paging block of a search response.
type CSearchMetadata struct {
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

// CStatus is one tweet.
type CStatus struct {
	Metadata             CStatusMetadata `json:"metadata"`
	CreatedAt            string          `json:"created_at"`
	ID                   int64           `json:"id"`
	IDStr                string          `json:"id_str"`
	Text                 string          `json:"text"`
	Source               string          `json:"source"`
	Truncated            bool            `json:"truncated"`
	InReplyToStatusID    *int64          `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string         `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64          `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string         `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string         `json:"in_reply_to_screen_name"`
	CUser                CUser           `json:"user"`
	Geo                  any             `json:"geo"`
	Coordinates          any             `json:"coordinates"`
	Place                any             `json:"place"`
	Contributors         any             `json:"contributors"`
	RetweetCount         int             `json:"retweet_count"`
	FavoriteCount        int             `json:"favorite_count"`
	CEntities            CEntities       `json:"entities"`
	Favorited            bool            `json:"favorited"`
	Retweeted            bool            `json:"retweeted"`
	PossiblySensitive    *bool           `json:"possibly_sensitive,omitempty"`
	Lang                 string          `json:"lang"`
	RetweetedStatus      *CStatus        `json:"retweeted_status,omitempty"`
}

// CStatusMetadata is a tweet's search metadata.
type CStatusMetadata struct {
	ResultType      string `json:"result_type"`
	IsoLanguageCode string `json:"iso_language_code"`
}

// CUser is a tweet's author.
type CUser struct {
	ID                             int64         `json:"id"`
	IDStr                          string        `json:"id_str"`
	Name                           string        `json:"name"`
	ScreenName                     string        `json:"screen_name"`
	Location                       string        `json:"location"`
	Description                    string        `json:"description"`
	CURL                           *string       `json:"url"`
	CEntities                      CUserEntities `json:"entities"`
	Protected                      bool          `json:"protected"`
	FollowersCount                 int           `json:"followers_count"`
	FriendsCount                   int           `json:"friends_count"`
	ListedCount                    int           `json:"listed_count"`
	CreatedAt                      string        `json:"created_at"`
	FavouritesCount                int           `json:"favourites_count"`
	UtcOffset                      *int          `json:"utc_offset"`
	TimeZone                       *string       `json:"time_zone"`
	GeoEnabled                     bool          `json:"geo_enabled"`
	Verified                       bool          `json:"verified"`
	StatusesCount                  int           `json:"statuses_count"`
	Lang                           string        `json:"lang"`
	ContributorsEnabled            bool          `json:"contributors_enabled"`
	IsTranslator                   bool          `json:"is_translator"`
	IsTranslationEnabled           bool          `json:"is_translation_enabled"`
	ProfileBackgroundColor         string        `json:"profile_background_color"`
	ProfileBackgroundImageURL      string        `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string        `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool          `json:"profile_background_tile"`
	ProfileImageURL                string        `json:"profile_image_url"`
	ProfileImageURLHTTPS           string        `json:"profile_image_url_https"`
	ProfileBannerURL               string        `json:"profile_banner_url,omitempty"`
	ProfileLinkColor               string        `json:"profile_link_color"`
	ProfileSidebarBorderColor      string        `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string        `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string        `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool          `json:"profile_use_background_image"`
	DefaultProfile                 bool          `json:"default_profile"`
	DefaultProfileImage            bool          `json:"default_profile_image"`
	Following                      bool          `json:"following"`
	FollowRequestSent              bool          `json:"follow_request_sent"`
	Notifications                  bool          `json:"notifications"`
}

// CUserEntities are the links in a user's profile.
type CUserEntities struct {
	CURL        *CURLs `json:"url,omitempty"`
	Description CURLs  `json:"description"`
}

// CURLs is a list of links.
type CURLs struct {
	CURLs []CURL `json:"urls"`
}

// CURL is one link in a text.
type CURL struct {
	CURL        string `json:"url"`
	ExpandedURL string `json:"expanded_url"`
	DisplayURL  string `json:"display_url"`
	Indices     []int  `json:"indices"`
}

// CEntities are the hashtags, links, mentions and media of a tweet.
type CEntities struct {
	Hashtags     []CHashtag `json:"hashtags"`
	Symbols      []any      `json:"symbols"`
	CURLs        []CURL     `json:"urls"`
	UserMentions []CMention `json:"user_mentions"`
	CMedia       []CMedia   `json:"media,omitempty"`
}

// CHashtag is one hashtag of a tweet.
type CHashtag struct {
	Text    string `json:"text"`
	Indices []int  `json:"indices"`
}

// CMention is one user mentioned in a tweet.
type CMention struct {
	ScreenName string `json:"screen_name"`
	Name       string `json:"name"`
	ID         int64  `json:"id"`
	IDStr      string `json:"id_str"`
	Indices    []int  `json:"indices"`
}

// CMedia is one picture of a tweet.
type CMedia struct {
	ID                int64       `json:"id"`
	IDStr             string      `json:"id_str"`
	Indices           []int       `json:"indices"`
	MediaURL          string      `json:"media_url"`
	MediaURLHTTPS     string      `json:"media_url_https"`
	CURL              string      `json:"url"`
	DisplayURL        string      `json:"display_url"`
	ExpandedURL       string      `json:"expanded_url"`
	Type              string      `json:"type"`
	Sizes             CMediaSizes `json:"sizes"`
	SourceStatusID    int64       `json:"source_status_id,omitempty"`
	SourceStatusIDStr string      `json:"source_status_id_str,omitempty"`
}

// CMediaSizes are the sizes a picture is served in.
type CMediaSizes struct {
	Medium CMediaSize `json:"medium"`
	Small  CMediaSize `json:"small"`
	Thumb  CMediaSize `json:"thumb"`
	Large  CMediaSize `json:"large"`
}

// CMediaSize is one size of a picture.
type CMediaSize struct {
	W      int    `json:"w"`
	H      int    `json:"h"`
	Resize string `json:"resize"`
}

// CCitm is simdjson's citm_catalog.json: a ticketing catalogue, mostly maps
// from decimal ids to names.
type CCitm struct {
	AreaNames                map[string]string     `json:"areaNames"`
	AudienceSubCategoryNames map[string]string     `json:"audienceSubCategoryNames"`
	BlockNames               map[string]string     `json:"blockNames"`
	Events                   map[string]CCitmEvent `json:"events"`
	Performances             []CPerformance        `json:"performances"`
	SeatCategoryNames        map[string]string     `json:"seatCategoryNames"`
	SubTopicNames            map[string]string     `json:"subTopicNames"`
	SubjectNames             map[string]string     `json:"subjectNames"`
	TopicNames               map[string]string     `json:"topicNames"`
	TopicSubTopics           map[string][]int64    `json:"topicSubTopics"`
	VenueNames               map[string]string     `json:"venueNames"`
}

// CCitmEvent is one event of the catalogue.
type CCitmEvent struct {
	Description *string `json:"description"`
	ID          int64   `json:"id"`
	Logo        *string `json:"logo"`
	Name        string  `json:"name"`
	SubTopicIDs []int64 `json:"subTopicIds"`
	SubjectCode *string `json:"subjectCode"`
	Subtitle    *string `json:"subtitle"`
	TopicIDs    []int64 `json:"topicIds"`
}

// CPerformance is one performance of an event.
type CPerformance struct {
	EventID        int64           `json:"eventId"`
	ID             int64           `json:"id"`
	Logo           *string         `json:"logo"`
	Name           *string         `json:"name"`
	Prices         []CPrice        `json:"prices"`
	SeatCategories []CSeatCategory `json:"seatCategories"`
	SeatMapImage   *string         `json:"seatMapImage"`
	Start          int64           `json:"start"`
	VenueCode      string          `json:"venueCode"`
}

// CPrice is one price of a performance.
type CPrice struct {
	Amount                int   `json:"amount"`
	AudienceSubCategoryID int64 `json:"audienceSubCategoryId"`
	SeatCategoryID        int64 `json:"seatCategoryId"`
}

// CSeatCategory is one category of seats.
type CSeatCategory struct {
	Areas          []CArea `json:"areas"`
	SeatCategoryID int64   `json:"seatCategoryId"`
}

// CArea is one area of a seat category.
type CArea struct {
	AreaID   int64   `json:"areaId"`
	BlockIDs []int64 `json:"blockIds"`
}

// CCanada is simdjson's canada.json: a GeoJSON feature collection of one
// polygon, about 111 000 coordinate pairs.
type CCanada struct {
	Type     string     `json:"type"`
	Features []CFeature `json:"features"`
}

// CFeature is a GeoJSON feature.
type CFeature struct {
	Type       string            `json:"type"`
	Properties map[string]string `json:"properties"`
	CGeometry  CGeometry         `json:"geometry"`
}

// CGeometry is a GeoJSON polygon: rings of (longitude, latitude) points.
type CGeometry struct {
	Type        string         `json:"type"`
	Coordinates [][][2]float64 `json:"coordinates"`
}

// CGolangSource is go-json-experiment's golang_source.json: a tree of the Go
// source files with change statistics.
type CGolangSource struct {
	Tree     *CGolangNode `json:"tree"`
	Username string       `json:"username"`
}

// CGolangNode is one directory or file of the tree.
type CGolangNode struct {
	Name     string        `json:"name"`
	Kids     []CGolangNode `json:"kids"`
	CLWeight float64       `json:"cl_weight"`
	Touches  int           `json:"touches"`
	MinT     int64         `json:"min_t"`
	MaxT     int64         `json:"max_t"`
	MeanT    int64         `json:"mean_t"`
}

// CGitHubEvents is simdjson's github_events.json: the public event stream of
// the GitHub API.
type CGitHubEvents []CGitHubEvent

// CGitHubEvent is one event; its payload depends on its type.
type CGitHubEvent struct {
	Type      string        `json:"type"`
	CreatedAt string        `json:"created_at"`
	Actor     CGitHubActor  `json:"actor"`
	Repo      CGitHubRepo   `json:"repo"`
	Public    bool          `json:"public"`
	CPayload  CPayload      `json:"payload"`
	ID        string        `json:"id"`
	Org       *CGitHubActor `json:"org,omitempty"`
}

// CGitHubActor is the user or organisation of an event.
type CGitHubActor struct {
	GravatarID string `json:"gravatar_id"`
	Login      string `json:"login"`
	AvatarURL  string `json:"avatar_url"`
	CURL       string `json:"url"`
	ID         int64  `json:"id"`
}

// CGitHubRepo is the repository of an event.
type CGitHubRepo struct {
	CURL string `json:"url"`
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// CPayload is the union of the payloads of the event types in the file.
type CPayload struct {
	Commits      []CCommit      `json:"commits,omitempty"`
	DistinctSize int            `json:"distinct_size,omitempty"`
	Ref          *string        `json:"ref,omitempty"`
	PushID       int64          `json:"push_id,omitempty"`
	Head         string         `json:"head,omitempty"`
	Before       string         `json:"before,omitempty"`
	Size         int            `json:"size,omitempty"`
	Description  string         `json:"description,omitempty"`
	MasterBranch string         `json:"master_branch,omitempty"`
	RefType      string         `json:"ref_type,omitempty"`
	CForkee      *CForkee       `json:"forkee,omitempty"`
	Action       string         `json:"action,omitempty"`
	CIssue       *CIssue        `json:"issue,omitempty"`
	Comment      *CIssueComment `json:"comment,omitempty"`
	Pages        []CWikiPage    `json:"pages,omitempty"`
	Extra        map[string]any `json:"extra,omitempty"`
}

// CCommit is one commit of a push.
type CCommit struct {
	CURL     string        `json:"url"`
	Message  string        `json:"message"`
	Distinct bool          `json:"distinct"`
	Sha      string        `json:"sha"`
	Author   CCommitAuthor `json:"author"`
}

// CCommitAuthor is the author of a commit.
type CCommitAuthor struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

// CForkee is the repository a fork created.
type CForkee struct {
	Description      string      `json:"description"`
	Fork             bool        `json:"fork"`
	CURL             string      `json:"url"`
	Language         string      `json:"language"`
	StargazersURL    string      `json:"stargazers_url"`
	CloneURL         string      `json:"clone_url"`
	TagsURL          string      `json:"tags_url"`
	FullName         string      `json:"full_name"`
	MergesURL        string      `json:"merges_url"`
	Forks            int         `json:"forks"`
	Private          bool        `json:"private"`
	GitRefsURL       string      `json:"git_refs_url"`
	ArchiveURL       string      `json:"archive_url"`
	CollaboratorsURL string      `json:"collaborators_url"`
	Owner            CGitHubUser `json:"owner"`
	LanguagesURL     string      `json:"languages_url"`
	TreesURL         string      `json:"trees_url"`
	LabelsURL        string      `json:"labels_url"`
	HTMLURL          string      `json:"html_url"`
	PushedAt         string      `json:"pushed_at"`
	CreatedAt        string      `json:"created_at"`
	HasIssues        bool        `json:"has_issues"`
	ForksURL         string      `json:"forks_url"`
	BranchesURL      string      `json:"branches_url"`
	CommitsURL       string      `json:"commits_url"`
	NotificationsURL string      `json:"notifications_url"`
	OpenIssues       int         `json:"open_issues"`
	ContentsURL      string      `json:"contents_url"`
	BlobsURL         string      `json:"blobs_url"`
	IssuesURL        string      `json:"issues_url"`
	CompareURL       string      `json:"compare_url"`
	IssueEventsURL   string      `json:"issue_events_url"`
	Name             string      `json:"name"`
	UpdatedAt        string      `json:"updated_at"`
	StatusesURL      string      `json:"statuses_url"`
	ForksCount       int         `json:"forks_count"`
	AssigneesURL     string      `json:"assignees_url"`
	SSHURL           string      `json:"ssh_url"`
	Public           bool        `json:"public"`
	HasWiki          bool        `json:"has_wiki"`
	SubscribersURL   string      `json:"subscribers_url"`
	MirrorURL        *string     `json:"mirror_url"`
	WatchersCount    int         `json:"watchers_count"`
	ID               int64       `json:"id"`
	HasDownloads     bool        `json:"has_downloads"`
	GitCommitsURL    string      `json:"git_commits_url"`
	DownloadsURL     string      `json:"downloads_url"`
	PullsURL         string      `json:"pulls_url"`
	Homepage         *string     `json:"homepage"`
	IssueCommentURL  string      `json:"issue_comment_url"`
	HooksURL         string      `json:"hooks_url"`
	SubscriptionURL  string      `json:"subscription_url"`
	MilestonesURL    string      `json:"milestones_url"`
	SvnURL           string      `json:"svn_url"`
	EventsURL        string      `json:"events_url"`
	GitTagsURL       string      `json:"git_tags_url"`
	TeamsURL         string      `json:"teams_url"`
	CommentsURL      string      `json:"comments_url"`
	OpenIssuesCount  int         `json:"open_issues_count"`
	KeysURL          string      `json:"keys_url"`
	GitURL           string      `json:"git_url"`
	ContributorsURL  string      `json:"contributors_url"`
	Size             int         `json:"size"`
	Watchers         int         `json:"watchers"`
}

// CGitHubUser is a user as the repository and issue APIs describe one.
type CGitHubUser struct {
	CURL              string `json:"url"`
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

// CIssue is the issue of an issue or comment event.
type CIssue struct {
	CUser        CGitHubUser  `json:"user"`
	CURL         string       `json:"url"`
	Labels       []any        `json:"labels"`
	HTMLURL      string       `json:"html_url"`
	LabelsURL    string       `json:"labels_url"`
	CPullRequest CPullRequest `json:"pull_request"`
	CreatedAt    string       `json:"created_at"`
	ClosedAt     *string      `json:"closed_at"`
	Milestone    any          `json:"milestone"`
	Title        string       `json:"title"`
	Body         string       `json:"body"`
	UpdatedAt    string       `json:"updated_at"`
	Number       int          `json:"number"`
	State        string       `json:"state"`
	Assignee     *CGitHubUser `json:"assignee"`
	ID           int64        `json:"id"`
	EventsURL    string       `json:"events_url"`
	CommentsURL  string       `json:"comments_url"`
	Comments     int          `json:"comments"`
}

// CPullRequest holds the links of an issue's pull request.
type CPullRequest struct {
	HTMLURL  *string `json:"html_url"`
	PatchURL *string `json:"patch_url"`
	DiffURL  *string `json:"diff_url"`
}

// CIssueComment is the comment of a comment event.
type CIssueComment struct {
	CUser     CGitHubUser `json:"user"`
	CURL      string      `json:"url"`
	IssueURL  string      `json:"issue_url"`
	CreatedAt string      `json:"created_at"`
	Body      string      `json:"body"`
	UpdatedAt string      `json:"updated_at"`
	ID        int64       `json:"id"`
}

// CWikiPage is one page of a wiki event.
type CWikiPage struct {
	PageName string  `json:"page_name"`
	HTMLURL  string  `json:"html_url"`
	Title    string  `json:"title"`
	Sha      string  `json:"sha"`
	Summary  *string `json:"summary"`
	Action   string  `json:"action"`
}

// CSynthea is go-json-experiment's synthea_fhir.json: a FHIR R4 bundle of one
// synthetic patient's records.
type CSynthea struct {
	ResourceType string         `json:"resourceType"`
	Type         string         `json:"type"`
	Entry        []CBundleEntry `json:"entry"`
}

// CBundleEntry is one resource of the bundle.
type CBundleEntry struct {
	FullURL   string         `json:"fullUrl"`
	CResource CResource      `json:"resource"`
	Request   CBundleRequest `json:"request"`
}

// CBundleRequest is how an entry is to be stored.
type CBundleRequest struct {
	Method string `json:"method"`
	CURL   string `json:"url"`
}

// CResource is the union of the FHIR resources in the bundle (Patient,
// Encounter, Condition, Claim, Observation, ...). Name, Type and Total take
// different shapes in different resources, and so are any.
type CResource struct {
	ResourceType              string             `json:"resourceType"`
	ID                        string             `json:"id"`
	Text                      *CNarrative        `json:"text,omitempty"`
	CExtension                []CExtension       `json:"extension,omitempty"`
	CIdentifier               []CIdentifier      `json:"identifier,omitempty"`
	Name                      any                `json:"name,omitempty"`
	Telecom                   []CContactPoint    `json:"telecom,omitempty"`
	Gender                    string             `json:"gender,omitempty"`
	BirthDate                 string             `json:"birthDate,omitempty"`
	DeceasedDateTime          string             `json:"deceasedDateTime,omitempty"`
	CAddress                  []CAddress         `json:"address,omitempty"`
	MaritalStatus             *CCodeableConcept  `json:"maritalStatus,omitempty"`
	MultipleBirthBoolean      *bool              `json:"multipleBirthBoolean,omitempty"`
	CCommunication            []CCommunication   `json:"communication,omitempty"`
	Active                    *bool              `json:"active,omitempty"`
	Type                      any                `json:"type,omitempty"`
	CStatus                   string             `json:"status,omitempty"`
	Class                     *CCoding           `json:"class,omitempty"`
	Subject                   *CReference        `json:"subject,omitempty"`
	CParticipant              []CParticipant     `json:"participant,omitempty"`
	CPeriod                   *CPeriod           `json:"period,omitempty"`
	ServiceProvider           *CReference        `json:"serviceProvider,omitempty"`
	ClinicalStatus            *CCodeableConcept  `json:"clinicalStatus,omitempty"`
	VerificationStatus        *CCodeableConcept  `json:"verificationStatus,omitempty"`
	Code                      *CCodeableConcept  `json:"code,omitempty"`
	Encounter                 *CReference        `json:"encounter,omitempty"`
	OnsetDateTime             string             `json:"onsetDateTime,omitempty"`
	RecordedDate              string             `json:"recordedDate,omitempty"`
	Use                       string             `json:"use,omitempty"`
	Patient                   *CReference        `json:"patient,omitempty"`
	BillablePeriod            *CPeriod           `json:"billablePeriod,omitempty"`
	Created                   string             `json:"created,omitempty"`
	Provider                  *CReference        `json:"provider,omitempty"`
	Priority                  *CCodeableConcept  `json:"priority,omitempty"`
	CDiagnosis                []CDiagnosis       `json:"diagnosis,omitempty"`
	CInsurance                []CInsurance       `json:"insurance,omitempty"`
	Item                      []CClaimItem       `json:"item,omitempty"`
	Total                     any                `json:"total,omitempty"`
	CContained                []CContained       `json:"contained,omitempty"`
	Insurer                   *CReference        `json:"insurer,omitempty"`
	Referral                  *CReference        `json:"referral,omitempty"`
	Claim                     *CReference        `json:"claim,omitempty"`
	Outcome                   string             `json:"outcome,omitempty"`
	CareTeam                  []CCareTeamMember  `json:"careTeam,omitempty"`
	CPayment                  *CPayment          `json:"payment,omitempty"`
	ReasonCode                []CCodeableConcept `json:"reasonCode,omitempty"`
	ManagingOrganization      []CReference       `json:"managingOrganization,omitempty"`
	Intent                    string             `json:"intent,omitempty"`
	Category                  []CCodeableConcept `json:"category,omitempty"`
	Addresses                 []CReference       `json:"addresses,omitempty"`
	CActivity                 []CActivity        `json:"activity,omitempty"`
	MedicationCodeableConcept *CCodeableConcept  `json:"medicationCodeableConcept,omitempty"`
	AuthoredOn                string             `json:"authoredOn,omitempty"`
	Requester                 *CReference        `json:"requester,omitempty"`
	ReasonReference           []CReference       `json:"reasonReference,omitempty"`
	Prescription              *CReference        `json:"prescription,omitempty"`
	LifecycleStatus           string             `json:"lifecycleStatus,omitempty"`
	AchievementStatus         *CCodeableConcept  `json:"achievementStatus,omitempty"`
	Description               *CCodeableConcept  `json:"description,omitempty"`
	Goal                      []CReference       `json:"goal,omitempty"`
	AbatementDateTime         string             `json:"abatementDateTime,omitempty"`
	EffectiveDateTime         string             `json:"effectiveDateTime,omitempty"`
	Issued                    string             `json:"issued,omitempty"`
	ValueQuantity             *CQuantity         `json:"valueQuantity,omitempty"`
	PerformedPeriod           *CPeriod           `json:"performedPeriod,omitempty"`
	DosageInstruction         []CDosage          `json:"dosageInstruction,omitempty"`
	Started                   string             `json:"started,omitempty"`
	NumberOfSeries            int                `json:"numberOfSeries,omitempty"`
	NumberOfInstances         int                `json:"numberOfInstances,omitempty"`
	Series                    []CImagingSeries   `json:"series,omitempty"`
	Procedure                 []CClaimProcedure  `json:"procedure,omitempty"`
	VaccineCode               *CCodeableConcept  `json:"vaccineCode,omitempty"`
	OccurrenceDateTime        string             `json:"occurrenceDateTime,omitempty"`
	PrimarySource             *bool              `json:"primarySource,omitempty"`
	CSupportingInfo           []CSupportingInfo  `json:"supportingInfo,omitempty"`
	CComponent                []CComponent       `json:"component,omitempty"`
	ValueCodeableConcept      *CCodeableConcept  `json:"valueCodeableConcept,omitempty"`
	Result                    []CReference       `json:"result,omitempty"`
}

// CNarrative is a resource's human-readable summary, as XHTML.
type CNarrative struct {
	CStatus string `json:"status"`
	Div     string `json:"div"`
}

// CExtension is a FHIR extension: a CURL and one value, or nested extensions.
type CExtension struct {
	CURL         string       `json:"url"`
	CExtension   []CExtension `json:"extension,omitempty"`
	ValueCoding  *CCoding     `json:"valueCoding,omitempty"`
	ValueString  string       `json:"valueString,omitempty"`
	ValueCode    string       `json:"valueCode,omitempty"`
	ValueAddress *CAddress    `json:"valueAddress,omitempty"`
	ValueDecimal *float64     `json:"valueDecimal,omitempty"`
}

// CCoding is a code from a code system.
type CCoding struct {
	System  string `json:"system,omitempty"`
	Code    string `json:"code,omitempty"`
	Display string `json:"display,omitempty"`
}

// CCodeableConcept is a concept as codes and text.
type CCodeableConcept struct {
	CCoding []CCoding `json:"coding,omitempty"`
	Text    string    `json:"text,omitempty"`
}

// CIdentifier is an identifier of a resource in some system.
type CIdentifier struct {
	System string            `json:"system,omitempty"`
	Value  string            `json:"value,omitempty"`
	Type   *CCodeableConcept `json:"type,omitempty"`
	Use    string            `json:"use,omitempty"`
}

// CContactPoint is a phone number, e-mail address or the like.
type CContactPoint struct {
	System string `json:"system,omitempty"`
	Value  string `json:"value,omitempty"`
	Use    string `json:"use,omitempty"`
}

// CAddress is a postal address.
type CAddress struct {
	CExtension []CExtension `json:"extension,omitempty"`
	Line       []string     `json:"line,omitempty"`
	City       string       `json:"city,omitempty"`
	State      string       `json:"state,omitempty"`
	PostalCode string       `json:"postalCode,omitempty"`
	Country    string       `json:"country,omitempty"`
}

// CCommunication is a language a patient speaks.
type CCommunication struct {
	Language CCodeableConcept `json:"language"`
}

// CReference points at another resource.
type CReference struct {
	CReference string `json:"reference,omitempty"`
	Display    string `json:"display,omitempty"`
}

// CParticipant is someone taking part in an encounter or care team.
type CParticipant struct {
	Individual *CReference        `json:"individual,omitempty"`
	Role       []CCodeableConcept `json:"role,omitempty"`
	Member     *CReference        `json:"member,omitempty"`
}

// CPeriod is a time interval, as FHIR dateTimes.
type CPeriod struct {
	Start string `json:"start,omitempty"`
	End   string `json:"end,omitempty"`
}

// CQuantity is a measured amount, or money (Currency set).
type CQuantity struct {
	Value    float64 `json:"value"`
	Unit     string  `json:"unit,omitempty"`
	System   string  `json:"system,omitempty"`
	Code     string  `json:"code,omitempty"`
	Currency string  `json:"currency,omitempty"`
}

// CDiagnosis is one diagnosis of a claim.
type CDiagnosis struct {
	Sequence           int                `json:"sequence"`
	DiagnosisReference *CReference        `json:"diagnosisReference,omitempty"`
	Type               []CCodeableConcept `json:"type,omitempty"`
}

// CInsurance is one insurance of a claim.
type CInsurance struct {
	Sequence int        `json:"sequence"`
	Focal    bool       `json:"focal"`
	Coverage CReference `json:"coverage"`
}

// CClaimItem is one item of a claim.
type CClaimItem struct {
	Sequence                int               `json:"sequence"`
	ProductOrService        *CCodeableConcept `json:"productOrService,omitempty"`
	Encounter               []CReference      `json:"encounter,omitempty"`
	DiagnosisSequence       []int             `json:"diagnosisSequence,omitempty"`
	Category                *CCodeableConcept `json:"category,omitempty"`
	ServicedPeriod          *CPeriod          `json:"servicedPeriod,omitempty"`
	LocationCodeableConcept *CCodeableConcept `json:"locationCodeableConcept,omitempty"`
	ProcedureSequence       []int             `json:"procedureSequence,omitempty"`
	Net                     *CQuantity        `json:"net,omitempty"`
	CAdjudication           []CAdjudication   `json:"adjudication,omitempty"`
	InformationSequence     []int             `json:"informationSequence,omitempty"`
}

// CAdjudication is one amount an insurer decided.
type CAdjudication struct {
	Category CCodeableConcept `json:"category"`
	Amount   *CQuantity       `json:"amount,omitempty"`
}

// CContained is a resource contained in another.
type CContained struct {
	ResourceType string            `json:"resourceType"`
	ID           string            `json:"id"`
	CStatus      string            `json:"status,omitempty"`
	Intent       string            `json:"intent,omitempty"`
	Subject      *CReference       `json:"subject,omitempty"`
	Requester    *CReference       `json:"requester,omitempty"`
	Performer    []CReference      `json:"performer,omitempty"`
	Type         *CCodeableConcept `json:"type,omitempty"`
	Beneficiary  *CReference       `json:"beneficiary,omitempty"`
	Payor        []CReference      `json:"payor,omitempty"`
}

// CCareTeamMember is one member of a claim's care team.
type CCareTeamMember struct {
	Sequence   int               `json:"sequence"`
	Provider   *CReference       `json:"provider,omitempty"`
	Role       *CCodeableConcept `json:"role,omitempty"`
	CReference string            `json:"reference,omitempty"`
}

// CPayment is the payment of a claim.
type CPayment struct {
	Amount CQuantity `json:"amount"`
}

// CActivity is one activity of a care plan.
type CActivity struct {
	Detail CActivityDetail `json:"detail"`
}

// CActivityDetail describes a care plan activity.
type CActivityDetail struct {
	Code     *CCodeableConcept `json:"code,omitempty"`
	CStatus  string            `json:"status,omitempty"`
	Location *CReference       `json:"location,omitempty"`
}

// CDosage is how a medication is to be taken.
type CDosage struct {
	Sequence        int            `json:"sequence"`
	CTiming         *CTiming       `json:"timing,omitempty"`
	AsNeededBoolean bool           `json:"asNeededBoolean"`
	CDoseAndRate    []CDoseAndRate `json:"doseAndRate,omitempty"`
}

// CTiming is when a medication is to be taken.
type CTiming struct {
	Repeat CTimingRepeat `json:"repeat"`
}

// CTimingRepeat is a repeating schedule.
type CTimingRepeat struct {
	Frequency  int     `json:"frequency"`
	CPeriod    float64 `json:"period"`
	PeriodUnit string  `json:"periodUnit"`
}

// CDoseAndRate is the amount of one dose.
type CDoseAndRate struct {
	Type         *CCodeableConcept `json:"type,omitempty"`
	DoseQuantity *CQuantity        `json:"doseQuantity,omitempty"`
}

// CImagingSeries is one series of an imaging study.
type CImagingSeries struct {
	UID               string             `json:"uid"`
	Number            int                `json:"number"`
	Modality          CCoding            `json:"modality"`
	NumberOfInstances int                `json:"numberOfInstances"`
	BodySite          CCoding            `json:"bodySite"`
	Started           string             `json:"started"`
	Instance          []CImagingInstance `json:"instance"`
}

// CImagingInstance is one image of a series.
type CImagingInstance struct {
	UID      string  `json:"uid"`
	SopClass CCoding `json:"sopClass"`
	Number   int     `json:"number"`
	Title    string  `json:"title"`
}

// CClaimProcedure is one procedure of a claim.
type CClaimProcedure struct {
	Sequence           int        `json:"sequence"`
	ProcedureReference CReference `json:"procedureReference"`
}

// CSupportingInfo is one piece of supporting information of a claim.
type CSupportingInfo struct {
	Sequence       int              `json:"sequence"`
	Category       CCodeableConcept `json:"category"`
	ValueReference *CReference      `json:"valueReference,omitempty"`
}

// CComponent is one component of an observation.
type CComponent struct {
	Code          CCodeableConcept `json:"code"`
	ValueQuantity *CQuantity       `json:"valueQuantity,omitempty"`
}
